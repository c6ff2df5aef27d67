"""English: every label of the templates, by template (``common``: shared by several)."""

DATE_FORMAT = "yyyy-mm-dd"
"""A date in the sheets (a number format), and the same as text in page headers:"""
DATE_TEXT = "{0.year:04d}-{0.month:02d}-{0.day:02d}"


def plural(count: int) -> str:
    """The form of a counted word: ``1`` (one) or ``5`` (many)."""
    return "1" if count == 1 else "5"


LABELS: dict[str, dict[str, str]] = {
    "common": {
        "event": "Event",
        "date": "Date",
        "date_short": "Date",
        "board": "Board",
        "boards": "Boards",
        "table": "Table",
        "tables": "Tables",
        "pair": "Pair",
        "name": "Name",
        "ns": "NS",
        "ew": "EW",
        "contract": "Contract",
        "declarer": "By",
        "declarer_long": "Declarer",
        "tricks": "Tricks",
        "score": "Score",
        "matchpoints": "Matchpoints",
        "check": "Check",
        "dealer": "Dealer",
        "vul": "Vul",
        "vulnerable": "Vulnerable",
        "vul_None": "None",
        "vul_NS": "NS",
        "vul_EW": "EW",
        "vul_All": "All",
        "scale": "MP scale",
        "scale_note": "2 = 2/1/0, 1 = 1/½/0",
        "top": "Top",
        "page": "Page &P of &N",
        "legend": "Type in the white cells; grey cells compute themselves.",
        "flag_board": "board?",
        "flag_pair": "pair?",
        "flag_contract": "contract?",
        "flag_declarer": "declarer?",
        "flag_tricks": "tricks?",
        "flag_twice": "twice?",
        "flag_adjusted": "adjusted?",
        "flag_team": "team?",
        "flag_weighted": "weighted?",
        "err_title": "Check the entry",
        "err_contract": (
            "Choose a contract from the list: level 1-7, strain C D H S NT, then X if doubled or XX if redoubled, "
            "e.g. 4S, 3NTX, 2HXX. Passed out: PASS."
        ),
        "err_entry": (
            "Choose from the list: a contract (4S, 3NTX, 2HXX, 3N; passed out PASS), NP for a board not played, or an"
            " adjusted score A60/40 (NS % / EW %: 40, 50 or 60), A60, A50, A40."
        ),
        "err_entry_weighted": (
            "Choose from the list: a contract (4S, 3NTX; passed out PASS), NP, an adjusted score A60/40, A50 ... "
            "or type a weighted score: each result's % and the result with its declarer, e.g. 60% 4SN= 40% 4SN-1 "
            "(then answer Yes)."
        ),
        "err_declarer": "Type the declarer's seat: N, E, S or W.",
        "err_tricks": "Type the tricks declarer took: a whole number 0-13 (4S made exactly is 10).",
        "err_board": "Type a board number, a whole number {low}-{high}.",
        "err_pair": "Type a pair number, a whole number {low}-{high}.",
        "err_count": "Type a whole number {low}-{high}.",
        "err_scale": "Choose 2 (matchpoints 2/1/0) or 1 (1/0.5/0, as in the ACBL).",
        "err_text": "At most {high} characters.",
        "err_date": "Type a date, e.g. 2025-03-14.",
    },
    "traveller": {
        "title": "Traveller",
        "sheet": "Traveller",
        "no_board": "Type the board number.",
    },
    "pairs": {
        "err_yes_no": "Choose Yes or No.",
        "to_table": "table {table}",
        "to_seat": "table {table} {direction}",
        "movement_text": (
            "{kind}, {tables} tables{variant}, {pairs} pairs: "
            "{rounds} rounds of {per_round} {boards_word}{arrow}"
        ),
        "kind_mitchell": "Mitchell",
        "kind_howell": "Howell",
        "variant_skip": " (skip)",
        "variant_relay": " (relay)",
        "boards_1": "board",
        "boards_2": "boards",
        "boards_5": "boards",
        "arrow_1": ", arrow-switch round {rounds}",
        "arrow_n": ", arrow-switch rounds {rounds}",
        "movement": "Movement",
        "table_cards": "Table cards",
        "guide_cards": "Guide cards",
        "paper_travellers": "Paper travellers",
        "score_cards": "Score cards",
        "round": "Round",
        "boards_next": "Boards go to",
        "ns_next": "NS go to",
        "ew_next": "EW go to",
        "sit": "Sit",
        "against": "Against",
        "result": "Result",
        "plus": "Score +",
        "minus": "Score -",
        "sits_out": "sits out",
        "pair_card": "Pair {pair}",
        "table_card": "Table {table}",
        "score_card": "Pair {pair}: score card",
        "movement_note": "The movement the cards were printed from; xlbridge check compares the results with it.",
        # The movement's cards: sit-outs, shared sets, stands for resting boards (relay stands in a
        # Howell, the ACBL's bye stand in a relay Mitchell) and the set-up note (workbooks/cards.py).
        "pair_sits_out": "{direction} {pair} sits out",
        "no_opponents": "no opponents",
        "share_with": "share with table {tables}",
        "stand_relay": "relay stand {stand}",
        "stand_bye": "bye stand",
        "then_table": "{stand}, then table {table}",
        "then_round": "{stand}, then round {round} table {table}",
        "setup_title": "Set-up",
        "setup_stands": "Stands for resting boards (relay or bye stands): {count}.",
        "setup_place": "Place",
        "setup_boards": "Boards at the start",
        "setup_where": "Where",
        "place_table": "table {table}",
        "between": "between tables {first} and {second}",
        "beside": "beside table {table}",
        "mp": "MP",
        "title": "Pairs event",
        "setup": "Setup",
        "results": "Results",
        "ranking": "Ranking",
        "travellers": "Travellers",
        "board_sheet": "Boards",
        "weighted_sheet": "Weighted",
        "weighted_short": "weighted",
        "weighted_scores": "Weighted scores",
        "place": "Place",
        "percent": "%",
        "imps": "IMPs",
        "per_board": "IMPs/ board",
        "field": "Dir",
        "played": "Boards",
        "pairs_note": "Pair numbers are unique in the event: in a Mitchell e.g. NS 1-10 and EW 11-20.",
        "penalty": "Penalty",
        "err_penalty": "A procedural penalty: the matchpoints (IMPs in IMP scoring) taken from the pair's total, "
                       "e.g. 4 for 25% of a top of 16.",
        "handicap": "Hcp",
        "err_handicap": "A handicap: percentage points added to the pair's % for the handicapped ranking, "
                        "-50 to 50 (blank = 0).",
        "handicap_ranking": "Handicapped",
        "handicap_percent": "Hcp %",
        "entered": "Results entered",
        "flagged": "Rows to check",
        "of": "of",
        "row": "#",
        "results_note": (
            "One row per board and table, in any order. Tricks: the tricks declarer took. Passed out: PASS. Not "
            "played: NP. Adjusted: A60/40 (NS/EW %), A50 ... Split: A60/4S (NS 60%, EW the table result). "
            "Weighted: 60% 4SN= 40% 4SN-1."
        ),
        "ranking_note": "% = matchpoints / the most possible on the boards the pair played.",
        "ranking_note_imps": "IMPs: the sum over the boards the pair played.",
        "results_count": "Results",
        "scoring": "Scoring",
        "scoring_note": (
            "MP: matchpoints. Cross-IMPs: IMPs against every other result. Butler: IMPs against the datum (mean "
            "without the top and bottom result)."
        ),
        "crossimps": "Cross-IMPs",
        "crossimps_note": "Average: divided by the number of comparisons. Total: summed.",
        "neuberg": "Neuberg",
        "neuberg_note": "Yes: a board with fewer results than expected is factored up (M+1)·N/n-1.",
        "expected": "Expected results",
        "expected_auto": "automatic: ",
        "expected_few": "too few: a board has ",
        "session_rule": "Session rule",
        "session_rule_note": (
            "Law 12C2(c), Yes: a pair given 60% (40%) gets its own percentage on its other boards where that is "
            "higher (lower)."
        ),
        "fields": "Fields",
        "fields_note": "1: one ranking of all pairs (Howell, one-winner Mitchell). 2: one per direction.",
        "missing_as_ties": "Missing as ties",
        "missing_as_ties_note": "Yes: a result a board lacks counts as a tie for every pair, instead of Neuberg.",
        "mp_decimals": "MP decimals",
        "mp_decimals_note": (
            "Round each result's matchpoints to this many decimals "
            "(1: 0.1) before adding up. Blank: no."
        ),
        "scale_to": "Scale to boards",
        "scale_to_note": (
            "Scale each pair's total to this many boards (the boards "
            "it sat out at its average). Blank: no."
        ),
        "adjusted_imps": "Adjusted IMPs",
        "adjusted_imps_note": (
            "Cross-IMPs: an adjusted score's IMPs a comparison "
            "(60%: +, 40%: -). Blank: +3/-3 a board."
        ),
        "section": "Section",
        "section_scoring": "Sections",
        "section_scoring_note": "Across the field: every section's results on a board compared together. Within: each "
                                "section alone.",
        "sections_across": "Across the field",
        "sections_within": "Within sections",
        "section_place": "In section",
        "section_card": "Section {section}, {card}",
        "options_note": "",
        # The option words a director picks (workbooks/options.py): the scoring method (the
        # engine's Scoring values), how cross-IMPs are taken, then Neuberg's and the session rule's switch.
        "scoring_mp": "MP",
        "scoring_cross_imps": "Cross-IMPs",
        "scoring_butler": "Butler",
        "crossimps_average": "Average",
        "crossimps_total": "Total",
        "yes": "Yes",
        "no": "No",
        "ns_field": "NS",
        "ew_field": "EW",
    },
    "individual": {
        "title": "Individual",
        "setup": "Setup",
        "results": "Results",
        "players_sheet": "Players",
        "ranking": "Ranking",
        "movement": "Movement",
        "table_cards": "Table cards",
        "guide_cards": "Guide cards",
        "movement_text": "Individual: {players} players, {tables} tables, {rounds} rounds, {per_round} boards a round",
        "setup_note": (
            "Each player partners every other player once. Every table plays the round's boards; each board is "
            "matchpointed across the tables that played it. North and South score North-South's matchpoints, "
            "East and West East-West's."
        ),
        "scale": "MP scale",
        "neuberg": "Neuberg",
        "neuberg_note": "Yes: a board with fewer results than expected is factored up (M+1)·N/n-1.",
        "expected": "Expected results",
        "expected_auto": "automatic: ",
        "expected_few": "too few: a board has ",
        "err_yes_no": "Choose Yes or No.",
        "err_player": "Type a player number, a whole number {low}-{high}.",
        "entered": "Results entered",
        "flagged": "Rows to check",
        "of": "of",
        "results_note": (
            "One row per board and table, prefilled from the movement: type contract, declarer and tricks. "
            "Passed out: PASS. Not played: NP. Adjusted: A60/40 (NS/EW %), A50 ..."
        ),
        "round": "Round",
        "north": "North",
        "east": "East",
        "south": "South",
        "west": "West",
        "score_ns": "Score NS",
        "mp_ns": "MP NS",
        "mp_ew": "MP EW",
        "players_note": "The player numbers of the movement; type each player's name.",
        "player": "Player",
        "played": "Boards",
        "mp": "MP",
        "percent": "%",
        "place": "Place",
        "ranking_note": "% = matchpoints / the most possible on the boards the player played.",
        "sits_out": "sits out",
        "seat": "Seat",
        "partner": "Partner",
        "opponents": "Opponents",
        "table_card": "Table {table}",
        "guide_card": "Player {player}",
        "score_cards": "Score cards",
        "score_card": "Player {player}: score card",
        "result": "Result",
        "plus": "Score +",
        "minus": "Score -",
        "flag_pair": "player?",
    },
    "teams": {
        "title": "Team match",
        "sheet": "Match",
        "home": "Home",
        "away": "Away",
        "home_team": "Home team",
        "away_team": "Away team",
        "home_note": "NS in the open room",
        "away_note": "NS in the closed room",
        "open": "Open room",
        "closed": "Closed room",
        "open_short": "open",
        "closed_short": "closed",
        "imps": "IMPs",
        "vps": "VPs",
        "margin": "Margin",
        "played": "Boards played",
        "score_ns": "Score NS",
        "dealer_short": "Dlr",
        "teams_note": "Scores are North-South's in each room. Tricks: the tricks declarer took. Passed out: PASS.",
    },
    "teams-event": {
        "title": "Team event",
        "setup": "Setup",
        "draw": "Draw",
        "results": "Results",
        "standings": "Standings",
        "rounds_sheet": "After each round",
        "scorecards": "Scorecards",
        "calc": "Per round",
        "format": "Format",
        "swiss": "Swiss",
        "round_robin": "Round robin",
        "team_count": "Teams",
        "rounds": "Rounds",
        "match_boards": "Boards a match",
        "bye_vp": "Bye VP",
        "bye_vp_note": "A team with a bye scores these VPs once its round has begun (12 is the usual club figure).",
        "rr_note": "Every round is drawn: type the results on the Results sheet, a row per board per match.",
        "swiss_note": (
            "Round 1 is drawn by team number. After each round, `xlbridge draw` on this file writes the next "
            "round's draw into the Results rows (and its bye)."
        ),
        "team_no": "No.",
        "team": "Team",
        "members": "Members",
        "vp": "VP",
        "place": "Place",
        "place_short": "Pl.",
        "round": "Round",
        "round_n": "Round {n}",
        "match": "Match",
        "bye": "Bye",
        "home": "Home",
        "away": "Away",
        "imps": "IMPs",
        "imps_home": "IMPs home",
        "imps_away": "IMPs away",
        "vp_home": "VP home",
        "vp_away": "VP away",
        "matches": "Matches",
        "imps_for": "IMPs won",
        "imps_against": "IMPs lost",
        "quotient": "IMP quotient",
        "open": "Open room",
        "closed": "Closed room",
        "open_short": "open",
        "closed_short": "closed",
        "score_ns": "Score NS",
        "total": "Total",
        "card_title": "Round {round}, match {match}",
        "draw_note": (
            "The home team sits NS in the open room. Teams come from each match's first row on the Results "
            "sheet; IMPs and VPs (WBF 20-VP scale) from its boards played in both rooms."
        ),
        "results_note": (
            "A row per board per match: round, home and away team numbers, board, then each room's contract, "
            "declarer and tricks. Scores are North-South's; the home team sits NS in the open room."
        ),
        "standings_note": (
            "Ties on VPs: first the VPs the tied teams scored against each other, then IMPs won / IMPs lost; "
            "teams still equal share the place."
        ),
        "rounds_note": "Each team's VPs and place after each round, with the same tie-breaks.",
        "err_team": "Type a team number, a whole number {low}-{high}.",
        "err_bye_vp": "VPs for a bye: a number 0-20, e.g. 12.",
        "err_round": "Type a round number, a whole number {low}-{high}.",
    },
    "swiss-pairs": {
        "title": "Swiss pairs",
        "setup": "Setup",
        "draw": "Draw",
        "results": "Results",
        "standings": "Standings",
        "rounds_sheet": "After each round",
        "scorecards": "Scorecards",
        "calc": "Per round",
        "scoring": "Scoring",
        "scoring_note": (
            "Butler: each table's score against the board's datum. "
            "Cross-IMPs: against every other table, averaged."
        ),
        "method_butler": "Butler",
        "method_cross": "Cross-IMPs",
        "pair_count": "Pairs",
        "rounds": "Rounds",
        "match_boards": "Boards a match",
        "bye_vp": "Bye VP",
        "bye_vp_note": "A pair with a bye scores these VPs once its round has begun (12 is the usual club figure).",
        "swiss_note": (
            "Round 1 is drawn by pair number. After each round, `xlbridge draw` on this file writes the next "
            "round's draw into the Results rows (and its bye)."
        ),
        "team_no": "No.",
        "team": "Pair",
        "vp": "VP",
        "place": "Place",
        "place_short": "Pl.",
        "round": "Round",
        "round_n": "Round {n}",
        "match": "Table",
        "bye": "Bye",
        "home": "NS",
        "away": "EW",
        "imps": "IMPs",
        "imps_home": "IMPs NS",
        "imps_away": "IMPs EW",
        "vp_home": "VP NS",
        "vp_away": "VP EW",
        "matches": "Matches",
        "imps_for": "IMPs won",
        "imps_against": "IMPs lost",
        "quotient": "IMP quotient",
        "datum": "Datum",
        "score_ns": "Score NS",
        "total": "Total",
        "card_title": "Round {round}, table {match}",
        "draw_note": (
            "Each table's pairs come from its first row on the Results sheet; the IMPs are North-South's on the "
            "field over the match's boards, the VPs from their margin (WBF 20-VP scale for the boards played)."
        ),
        "results_note": (
            "A row per board per table: round, NS and EW pair numbers, board, contract, declarer and tricks. Every "
            "table plays the round's boards; each score is compared with the other tables' (see Scoring on Setup)."
        ),
        "standings_note": (
            "Ties on VPs: first the VPs the tied pairs scored against each other, then IMPs won / IMPs lost; "
            "pairs still equal share the place."
        ),
        "rounds_note": "Each pair's VPs and place after each round, with the same tie-breaks.",
        "err_team": "Type a pair number, a whole number {low}-{high}.",
        "err_bye_vp": "VPs for a bye: a number 0-20, e.g. 12.",
        "err_round": "Type a round number, a whole number {low}-{high}.",
        "err_scoring": "Choose Butler or Cross-IMPs from the list.",
    },
    "rubber": {
        "title": "Rubber bridge",
        "sheet": "Rubber",
        "event": "Event",
        "we": "We",
        "they": "They",
        "we_players": "We (NS)",
        "they_players": "They (EW)",
        "deal": "Deal",
        "honours": "Honours",
        "above": "above",
        "below": "below",
        "above_line": "Above the line",
        "game_n": "Game {n}",
        "sum_above": "Above",
        "sum_below": "Below",
        "bonus": "Bonus",
        "total": "Total",
        "games": "Games",
        "we_won": "We won",
        "they_won": "They won",
        "flag_honours": "honours?",
        "flag_over": "rubber over",
        "err_honours": (
            "Choose the honours from the list: NS 100 or EW 100 (four of the five trump honours in one hand), NS 150 "
            "or EW 150 (all five, or four aces at no-trump). Blank for none."
        ),
        "rubber_note": (
            "We = North-South, They = East-West. Tricks: the tricks declarer took. Passed out: PASS. Each deal writes"
            " its trick score below the line and everything else above it; the bonus is the rubber bonus (700 or 500)"
            " or, unfinished, 300 for a game and 100 for a part score. More than {n} entries above the line: the top "
            "one adds up the rest."
        ),
    },
    "chicago": {
        "title": "Chicago",
        "sheet": "Chicago",
        "event": "Event",
        "ns_players": "NS players",
        "ew_players": "EW players",
        "deal": "Deal",
        "dealer_short": "Dlr",
        "cycle": "Vulnerability",
        "cycle_note": (
            "standard: the Laws of Chicago (deals 2 and 3: the dealer's side vulnerable); duplicate: as boards 1-4 of"
            " duplicate."
        ),
        "hcp": "HCP NS",
        "fit": "Fit",
        "running": "Running total",
        "imps": "Comp. IMPs",
        "total": "Total",
        "flag_cycle": "vul?",
        "flag_hcp": "HCP?",
        "flag_fit": "fit?",
        "err_cycle": "Choose standard (the Laws of Chicago) or duplicate (as boards 1-4).",
        "err_hcp": "Type North-South's high-card points, a whole number 0-40 (East-West hold the rest).",
        "err_fit": (
            "Choose the best trump fit of the side with more points (at 20-20 the dealer's side) from the list: major"
            " 8, 9, 10 (10 or more), minor 8, 9, 10, or no fit. A major and a minor fit: the major."
        ),
        "chicago_note": (
            "Scores are North-South's (NS) and East-West's (EW) as in duplicate; Tricks: the tricks declarer took; "
            "passed out: PASS. Compensation (optional): HCP = North-South's high-card points, Fit = the best fit of "
            "the side with more points (at 20-20 the dealer's); the IMPs compare the score with the table's expected "
            "score."
        ),
        # The option words a director picks (workbooks/options.py): the cycle, then the fits.
        "cycle_standard": "standard",
        "cycle_duplicate": "duplicate",
        "fit_major8": "major 8",
        "fit_major9": "major 9",
        "fit_major10": "major 10",
        "fit_minor8": "minor 8",
        "fit_minor9": "minor 9",
        "fit_minor10": "minor 10",
        "fit_none": "no fit",
    },
    # The Hands sheet of the pairs and teams books and the hand diagram on travellers (workbooks/hands.py).
    "hands": {
        "sheet": "Hands",
        "title": "Hands",
        "note": (
            "Paste each board's deal in PBN notation (N:AKQ2.T98.7653.A2 J876.AKQ.42.K743 ..., - for a hand not "
            "known), or let xlbridge hands write a deal file's deals, double-dummy tricks and par."
        ),
        "deal": "Deal (PBN)",
        "seat_N": "North",
        "seat_E": "East",
        "seat_S": "South",
        "seat_W": "West",
        "dd_by": "{seat} makes",
        "par_score": "Par (NS)",
        "par_contract": "Par contract",
        "flag_deal": "deal?",
        "flag_tricks": "tricks?",
        "flag_par": "par?",
        "dd": "DD",
        "par": "Par",
        "vs_par": "vs par",
        "boards_sheet": "Boards",
        "room": "Room",
        "open": "Open",
        "closed": "Closed",
        "match_teams": "Teams",
        "score_ns": "Score NS",
        "imps": "IMPs",
        "imps_home": "IMPs home",
        "err_deal": "Paste the deal in PBN notation: N: and the four hands clockwise, spades first, - for one "
                    "not known.",
        "err_par": "Type the par score from North-South's view, a whole number (-420 when East-West make 4S).",
        "err_par_contract": "Type the par contracts as PBN writes them (NS 4S=; EW 5DX-2), or Pass.",
    },
    "serve_cards": {
        "scan": "Scan to enter this table's results",
        "director": "Director",
        "director_scan": "Scan to open the director's page",
        "director_only": "Director only: keep it",
    },
    "pivot": {
        "title": "Pivot bridge",
        "sheet": "Pivot",
        "players": "Players",
        "players_note": "4 or 5. Draw cards: the highest is player 1, the pivot, then 2, 3, 4 (and 5).",
        "number": "No.",
        "player": "Player",
        "drawn": "Drawn as",
        "role_1": "pivot",
        "role_2": "first partner",
        "role_3": "pivot's left",
        "role_4": "pivot's right",
        "role_5": "sits out first",
        "rounds": "Rounds",
        "scored": "For",
        "conceded": "Against",
        "net": "Net",
        "place": "Place",
        "standings_note": (
            "Net = own sides' points minus the opponents', over the rounds played. Highest net wins; ties share a "
            "place."
        ),
        "round": "Round",
        "seating": "Seating",
        "sits_out": "Sits out",
        "points": "Points scored",
        "rounds_note": (
            "A round is four deals scored as Chicago, or one rubber: type the points each side scored. One total "
            "blank counts as 0. After the schedule the seating repeats (or draw again)."
        ),
        "flag_total": "total?",
        "flag_players": "players?",
        "err_players": "Choose the number of players: 4 or 5.",
        "err_total": "Type the points this side scored in the round: a whole number {low}-{high}.",
    },
    "players": {
        "title": "Player register",
        "sheet": "Players",
        "club": "Club",
        "note": (
            "One row a player: the club's number (every event and the season use it), the name, the "
            "federation's membership number, the home club, a handicap in percentage points if the club "
            "keeps them."
        ),
        "number": "No.",
        "membership": "Membership no.",
        "home_club": "Home club",
        "handicap": "Handicap",
        "flag_number": "number?",
        "flag_name": "name?",
        "err_number": "Type a player number, a whole number {low}-{high}.",
        "err_handicap": "Type a handicap in percentage points, from -50 to 50, or leave it blank.",
    },
    "season": {
        "title": "Season",
        "sheet_ladder": "Ladder",
        "sheet_player": "Player",
        "sheet_sessions": "Sessions",
        "sheet_setup": "Setup",
        "season": "Season",
        "best_n": "Best sessions counted",
        "min_sessions": "Sessions to qualify",
        "handicap": "Hcp",
        "handicap_rule": "Handicap (club method)",
        "handicap_sessions": "Last sessions",
        "handicap_factor": "Factor",
        "handicap_cap": "At most ±",
        "handicap_note": "(50 - average of the last sessions) x factor; percentages only.",
        "err_handicap_factor": "A number from 0 to 10.",
        "err_handicap_cap": "A number of percentage points from 0 to 50.",
        "ranking": "Ladder by",
        "ranking_average": "average of the best",
        "ranking_points": "points",
        "ranking_both": "points, then average",
        "ranking_total": "sessions' total",
        "total": "Total",
        "points_scale": "Points",
        "scale_table": "table by place",
        "scale_acbl": "ACBL club scale",
        "err_points_scale": (
            "Choose the points: the table by place below, or the ACBL's club scale "
            "(by place and field size)."
        ),
        "err_ranking": (
            "Choose how the ladder ranks: the average of the best sessions, points, points then average, or "
            "the sessions' total."
        ),
        "rule_note": (
            "The average counts each player's best sessions (all while fewer); points come from the table by "
            "place, in the column for the player's field (the row above the table gives each column's smallest "
            "field), tied places sharing them. The sessions' total (a championship of several sessions): percentages "
            "weighted by boards, IMPs or VPs added. Only players with the sessions to qualify are placed; ties "
            "share a place."
        ),
        "place": "Place",
        "points": "Points",
        "err_points": "Type the points for this place, a number 0 or more.",
        "points_fields": "Place / from field",
        "err_points_fields": "Type the smallest field (pairs) this column is for, a whole number 1-9999.",
        "sessions_note": (
            "One row a player a session, written by xlbridge season add (or typed). Score: a percentage, or "
            "IMPs. Place to: the last place a tie shares (2 to 3)."
        ),
        "key": "Session",
        "number": "No.",
        "player": "Player",
        "partner": "Partner",
        "direction": "Dir",
        "unit": "Unit",
        "place_to": "Place to",
        "field": "Field",
        "held": "Sessions held",
        "sessions": "Sessions",
        "attendance": "Attended",
        "average": "Average",
        "err_direction": "Choose NS or EW, or leave it blank for a one-field event.",
        "err_score": "Type the score: a percentage or IMPs.",
        "err_unit": "Choose %, IMP or VP.",
        "err_player": "Choose a player of the ladder.",
        "ladder_note": (
            "Average: of the best sessions counted. A player is placed after the sessions to qualify. "
            "xlbridge season add writes each new player."
        ),
    },
    "serve": {
        "title": "Table {table}, round {round}",
        "director": "Director",
        "ns_pair": "NS {pair}",
        "ew_pair": "EW {pair}",
        "boards_line": "Boards {boards}",
        "state_open": "to play",
        "state_entered": "entered, East-West to confirm",
        "state_confirmed": "confirmed",
        "level": "Level",
        "pass": "Pass",
        "strain": "Suit",
        "doubling": "Double",
        "undoubled": "none",
        "declarer": "Declarer",
        "tricks": "Tricks taken",
        "lead": "Lead (optional)",
        "no_lead": "none",
        "enter": "Enter board {board}",
        "confirm": "East-West: confirm board {board}",
        "correct": "Correct board {board}",
        "score": "Score for North-South: {score}",
        "saved": "Saved: board {board}, {result}.",
        "confirmed": "Confirmed: board {board}.",
        "traveller": "Board {board} so far",
        "round_done": "Round {round}: every board is in.",
        "round_closed": "Round {round} is closed.",
        "next": "Next",
        "wait": "Wait for the director to close round {round}, then reload this page.",
        "over": "Every round is closed. Thank you.",
        "sits_out": "This table sits out in round {round}.",
        "room_line": "{room}: {ns} (NS) v {ew} (EW)",
        "team_next": "table {ns} NS, table {ew} EW",
        "pair_next": "table {table} {direction}",
        "wait_draw": "wait for the draw",
        "over_draw": "Every round drawn so far is closed: wait for the next round's draw, then reload this page.",
        "err_board": "Board {board} is not played at table {table} in round {round}.",
        "err_contract": "Choose a level and a suit, or Pass.",
        "err_declarer": "Choose the declarer: N, E, S or W.",
        "err_tricks": "Choose the tricks taken, 0-13.",
        "err_lead": "Choose a lead from the buttons, or none.",
        "err_result": "That result cannot be: {error}.",
        "err_exists": "Board {board} is already entered: {result}.",
        "err_closed": "Round {round} is closed: only the director can change it.",
        "err_other": "This phone is table {table}; it cannot write table {other}.",
        "err_missing": "Board {board} has no entry yet.",
        "err_csrf": "This form is not from this page: reload the page and try again.",
        "err_code": "Wrong code: scan the card's QR code again.",
        "err_login": "Not logged in: scan your table's QR code.",
        "err_rate": "Too many requests: wait a moment.",
        "err_size": "Request too large.",
        "err_number": "{what}: choose one of the buttons.",
        "err_section": "Section {section}: the event's sections are {sections}.",
        "grid": "Results in",
        "late": "Late tables",
        "none": "none",
        "corrections": "Corrections",
        "when": "Time",
        "who": "Who",
        "before": "Before",
        "after": "After",
        "ranking": "Ranking",
        "place": "Place",
        "pair": "Pair",
        "names": "Names",
        "total": "Total",
        "edit": "Correct or add a result",
        "contract": "Contract (4SX, 3N, PASS)",
        "save": "Save",
        "close": "Close round {round}",
        "closed": "closed",
        "write": "Write the results into the workbook",
        "written": "Wrote {count} results into {book}.",
        "conflicts": "Kept as typed in the workbook: {rows}",
        "err_write": "Not written: {error}",
        "show_traveller": "Show the board's traveller after entry",
        "yes": "yes",
        "no": "no",
        "round": "Round",
        "table": "Table",
        "board": "Board",
    },
}

"""Finnish (suomi): every label of the templates, by template (``common``: shared by several)."""

DATE_FORMAT = "d.m.yyyy"
"""A date in the sheets (a number format), and the same as text in page headers:"""
DATE_TEXT = "{0.day}.{0.month}.{0.year}"


def plural(count: int) -> str:
    """The form of a counted word: ``1`` (one) or ``5`` (many)."""
    return "1" if count == 1 else "5"


LABELS: dict[str, dict[str, str]] = {
    "common": {
        "event": "Kilpailu",
        "date": "Päivämäärä",
        "date_short": "Pvm",
        "board": "Jako",
        "boards": "Jakoja",
        "table": "Pöytä",
        "tables": "Pöytiä",
        "pair": "Pari",
        "name": "Nimi",
        "ns": "NS",
        "ew": "EW",
        "contract": "Sopimus",
        "declarer": "Pelaaja",
        "declarer_long": "Pelinviejä",
        "tricks": "Tikit",
        "score": "Pisteet",
        "matchpoints": "MP-pisteet",
        "check": "Tarkista",
        "dealer": "Jakaja",
        "vul": "Vaara",
        "vulnerable": "Vaarassa",
        "vul_None": "Ei",
        "vul_NS": "NS",
        "vul_EW": "EW",
        "vul_All": "Kaikki",
        "scale": "MP-asteikko",
        "scale_note": "2 = 2/1/0, 1 = 1/½/0",
        "top": "Huippu",
        "page": "Sivu &P / &N",
        "legend": "Kirjoita valkoisiin soluihin; harmaat solut laskevat itsensä.",
        "flag_board": "jako?",
        "flag_pair": "pari?",
        "flag_contract": "sopimus?",
        "flag_declarer": "pelinviejä?",
        "flag_tricks": "tikit?",
        "flag_twice": "kahdesti?",
        "flag_adjusted": "keinotulos?",
        "flag_team": "joukkue?",
        "flag_weighted": "painotettu?",
        "err_title": "Tarkista syöte",
        "err_contract": (
            "Valitse sopimus listasta: taso 1-7, maa C D H S NT, sitten X jos kahdennettu tai XX jos "
            "vastakahdennettu, esim. 4S, 3NTX, 2HXX. Passattu jako: PASS."
        ),
        "err_entry": (
            "Valitse listasta: sopimus (4S, 3NTX, 2HXX, 3N; passattu PASS), NP pelaamattomalle jaolle tai keinotulos "
            "A60/40 (NS % / EW %: 40, 50 tai 60), A60, A50, A40."
        ),
        "err_entry_weighted": (
            "Valitse listasta: sopimus (4S, 3NTX; passattu PASS), NP, keinotulos A60/40, A50 ... tai kirjoita "
            "painotettu tulos: kunkin tuloksen % ja tulos pelinviejineen, esim. 60% 4SN= 40% 4SN-1 "
            "(vastaa sitten Kyllä)."
        ),
        "err_declarer": "Kirjoita pelinviejän paikka: N, E, S tai W (pohjoinen, itä, etelä, länsi).",
        "err_tricks": "Kirjoita pelinviejän tikit: kokonaisluku 0-13 (4S tasan on 10).",
        "err_board": "Kirjoita jaon numero, kokonaisluku {low}-{high}.",
        "err_pair": "Kirjoita parin numero, kokonaisluku {low}-{high}.",
        "err_count": "Kirjoita kokonaisluku {low}-{high}.",
        "err_scale": "Valitse 2 (MP-pisteet 2/1/0) tai 1 (1/0,5/0, kuten ACBL:ssä).",
        "err_text": "Enintään {high} merkkiä.",
        "err_date": "Kirjoita päivämäärä, esim. 14.3.2025.",
    },
    "traveller": {
        "title": "Tuloslappu",
        "sheet": "Tuloslappu",
        "no_board": "Kirjoita jaon numero.",
    },
    "pairs": {
        "err_yes_no": "Valitse kyllä tai ei.",
        "to_table": "pöytä {table}",
        "to_seat": "pöytä {table} {direction}",
        "movement_text": (
            "{kind}, {tables} pöytää{variant}, {pairs} paria: "
            "{rounds} kierrosta, {per_round} {boards_word} kierroksessa{arrow}"
        ),
        "kind_mitchell": "Mitchell",
        "kind_howell": "Howell",
        "variant_skip": " (ohitus)",
        "variant_relay": " (rele)",
        "boards_1": "jako",
        "boards_2": "jakoa",
        "boards_5": "jakoa",
        "arrow_1": ", nuolenvaihto kierroksella {rounds}",
        "arrow_n": ", nuolenvaihto kierroksilla {rounds}",
        "movement": "Siirtotaulu",
        "table_cards": "Pöytäkortit",
        "guide_cards": "Parikortit",
        "paper_travellers": "Paperilaput",
        "score_cards": "Omat kortit",
        "round": "Kierros",
        "boards_next": "Jaot seuraavaksi",
        "ns_next": "NS seuraavaksi",
        "ew_next": "EW seuraavaksi",
        "sit": "Suunta",
        "against": "Vastaan",
        "result": "Tulos",
        "plus": "Pisteet +",
        "minus": "Pisteet -",
        "sits_out": "lepää",
        "pair_card": "Pari {pair}",
        "table_card": "Pöytä {table}",
        "score_card": "Pari {pair}: oma kortti",
        "movement_note": "Siirtotaulu, josta kortit tulostettiin; xlbridge check vertaa tuloksia siihen.",
        "pair_sits_out": "{direction} {pair} lepää",
        "no_opponents": "ei vastustajaa",
        "share_with": "yhteiset pöydän {tables} kanssa",
        "stand_relay": "relepöytä {stand}",
        "stand_bye": "lepopöytä",
        "then_table": "{stand}, sitten pöytä {table}",
        "then_round": "{stand}, sitten kierros {round} pöytä {table}",
        "setup_title": "Alkuasetelma",
        "setup_stands": "Lepäävien jakojen pöytiä (rele- tai lepopöytiä): {count}.",
        "setup_place": "Paikka",
        "setup_boards": "Jaot alussa",
        "setup_where": "Missä",
        "place_table": "pöytä {table}",
        "between": "pöytien {first} ja {second} välissä",
        "beside": "pöydän {table} vieressä",
        "mp": "MP",
        "title": "Parikilpailu",
        "setup": "Asetukset",
        "results": "Tulokset",
        "ranking": "Sijoitukset",
        "travellers": "Tuloslaput",
        "board_sheet": "Jaot",
        "weighted_sheet": "Painotetut",
        "weighted_short": "painotettu",
        "weighted_scores": "Painotetut tulokset",
        "place": "Sija",
        "percent": "%",
        "imps": "IMP",
        "per_board": "IMP/ jako",
        "field": "Suunta",
        "played": "Jakoja",
        "pairs_note": "Parinumerot ovat kilpailussa yksilöllisiä: Mitchellissä esim. NS 1-10 ja EW 11-20.",
        "penalty": "Rangaistus",
        "err_penalty": "Menettelyrangaistus: parin tuloksesta vähennettävät MP-pisteet (IMP-kilpailussa IMPit), "
                       "esim. 4 = 25 % 16 pisteen huipusta.",
        "handicap": "Tasoitus",
        "err_handicap": "Tasoitus: prosenttiyksiköt, jotka lisätään parin prosenttiin tasoitetussa "
                        "järjestyksessä, -50...50 (tyhjä = 0).",
        "handicap_ranking": "Tasoitettu",
        "handicap_percent": "Tas. %",
        "entered": "Syötettyjä tuloksia",
        "flagged": "Tarkistettavia rivejä",
        "of": "/",
        "row": "#",
        "results_note": (
            "Rivi jakoa ja pöytää kohden, missä järjestyksessä tahansa. Tikit: pelinviejän tikit. Passattu: PASS. Ei "
            "pelattu: NP. Keinotulos: A60/40 (NS/EW %), A50 ... Jaettu: A60/4S (NS 60 %, EW pöydän tulos). "
            "Painotettu: 60% 4SN= 40% 4SN-1."
        ),
        "ranking_note": "% = MP-pisteet / suurin mahdollinen parin pelaamissa jaoissa.",
        "ranking_note_imps": "IMP: summa parin pelaamista jaoista.",
        "results_count": "Tuloksia",
        "scoring": "Laskenta",
        "scoring_note": (
            "MP-pisteet: paremmuusvertailu muihin tuloksiin. ristiin-IMP: IMPit jokaista muuta tulosta vastaan. "
            "Butler-IMP: IMPit keskitulosta vastaan (ilman suurinta ja pienintä)."
        ),
        "crossimps": "Ristiin-IMP",
        "crossimps_note": "keskiarvo: jaettuna vertailujen määrällä. summa: vertailujen IMPit yhteensä.",
        "neuberg": "Neuberg",
        "neuberg_note": "kyllä: jako, jolla on odotettua vähemmän tuloksia, korjataan (M+1)·N/n-1.",
        "expected": "Odotetut tulokset",
        "expected_auto": "automaattinen: ",
        "expected_few": "liian pieni: jaolla on ",
        "session_rule": "Istuntosääntö",
        "session_rule_note": (
            "Laki 12C2(c), kyllä: 60 % (40 %) saanut pari saa muiden jakojensa prosentin, jos se on suurempi "
            "(pienempi)."
        ),
        "fields": "Kentät",
        "fields_note": "1: yksi sijoituslista (Howell, yhden voittajan Mitchell). 2: oma kummallekin suunnalle.",
        "missing_as_ties": "Puuttuvat tasan",
        "missing_as_ties_note": "Kyllä: jaosta puuttuva tulos lasketaan tasapeliksi kaikille, ei Neubergia.",
        "mp_decimals": "MP-desimaalit",
        "mp_decimals_note": (
            "Pyöristä kunkin tuloksen MP-pisteet näin moneen "
            "desimaaliin (1: 0,1) ennen summaa. Tyhjä: ei."
        ),
        "scale_to": "Skaalaa jakoihin",
        "scale_to_note": "Skaalaa parin summa näin moneen jakoon (istutut jaot parin keskiarvolla). Tyhjä: ei.",
        "adjusted_imps": "Keinotulos-IMP",
        "adjusted_imps_note": (
            "Ristiin-IMP: keinotuloksen IMPit vertailua kohden (60 "
            "%: +, 40 %: -). Tyhjä: +3/-3 jaolta."
        ),
        "section": "Sektio",
        "section_scoring": "Sektiot",
        "section_scoring_note": "Koko kenttä: kaikkien sektioiden tulokset jaolla verrataan yhdessä. Sektioittain: "
                                "kukin sektio erikseen.",
        "sections_across": "Koko kenttä",
        "sections_within": "Sektioittain",
        "section_place": "Sektiossa",
        "section_card": "Sektio {section}, {card}",
        "options_note": (
            "Kaavat ja xlbridge check lukevat valinnat myös englanniksi (MP, Cross-IMPs, Butler, Average/Total, "
            "Yes/No), esim. englanninkielisestä kirjasta kopioituina."
        ),
        # The option words a director picks (workbooks/options.py): the scoring method, how
        # cross-IMPs are taken, then Neuberg's and the session rule's switch.
        "scoring_mp": "MP-pisteet",
        "scoring_cross_imps": "ristiin-IMP",
        "scoring_butler": "Butler-IMP",
        "crossimps_average": "keskiarvo",
        "crossimps_total": "summa",
        "yes": "kyllä",
        "no": "ei",
        "ns_field": "NS",
        "ew_field": "EW",
    },
    "individual": {
        "title": "Yksilökilpailu",
        "setup": "Asetukset",
        "results": "Tulokset",
        "players_sheet": "Pelaajat",
        "ranking": "Sijoitukset",
        "movement": "Siirtotaulu",
        "table_cards": "Pöytäkortit",
        "guide_cards": "Pelaajakortit",
        "movement_text": "Yksilökilpailu: pelaajia {players}, pöytiä {tables}, kierroksia {rounds}, "
                         "jakoja kierroksella {per_round}",
        "setup_note": (
            "Jokainen pelaa kerran jokaisen muun pelaajan partnerina. Jokainen pöytä pelaa kierroksen jaot; "
            "jako lasketaan MP-pisteinä sen pelanneiden pöytien kesken. Pohjoinen ja etelä saavat NS:n pisteet, "
            "itä ja länsi EW:n."
        ),
        "scale": "MP-asteikko",
        "neuberg": "Neuberg",
        "neuberg_note": "kyllä: jako, jolla on odotettua vähemmän tuloksia, korjataan (M+1)·N/n-1.",
        "expected": "Odotetut tulokset",
        "expected_auto": "automaattinen: ",
        "expected_few": "liian pieni: jaolla on ",
        "err_yes_no": "Valitse kyllä tai ei.",
        "err_player": "Kirjoita pelaajan numero, kokonaisluku {low}-{high}.",
        "entered": "Syötettyjä tuloksia",
        "flagged": "Tarkistettavia rivejä",
        "of": "/",
        "results_note": (
            "Rivi jakoa ja pöytää kohden, valmiiksi siirtotaulusta: kirjoita sitoumus, pelinviejä ja tikit. "
            "Passattu: PASS. Ei pelattu: NP. Keinotulos: A60/40 (NS/EW %), A50 ..."
        ),
        "round": "Kierros",
        "north": "Pohjoinen",
        "east": "Itä",
        "south": "Etelä",
        "west": "Länsi",
        "score_ns": "Tulos NS",
        "mp_ns": "MP NS",
        "mp_ew": "MP EW",
        "players_note": "Siirtotaulun pelaajanumerot; kirjoita kunkin pelaajan nimi.",
        "player": "Pelaaja",
        "played": "Jakoja",
        "mp": "MP",
        "percent": "%",
        "place": "Sija",
        "ranking_note": "% = MP-pisteet / suurin mahdollinen pelaajan pelaamissa jaoissa.",
        "sits_out": "lepää",
        "seat": "Paikka",
        "partner": "Partneri",
        "opponents": "Vastustajat",
        "table_card": "Pöytä {table}",
        "guide_card": "Pelaaja {player}",
        "score_cards": "Omat kortit",
        "score_card": "Pelaaja {player}: oma kortti",
        "result": "Tulos",
        "plus": "Pisteet +",
        "minus": "Pisteet -",
        "flag_pair": "pelaaja?",
    },
    "teams": {
        "title": "Joukkueottelu",
        "sheet": "Ottelu",
        "home": "Koti",
        "away": "Vieras",
        "home_team": "Kotijoukkue",
        "away_team": "Vierasjoukkue",
        "home_note": "NS avoimessa huoneessa",
        "away_note": "NS suljetussa huoneessa",
        "open": "Avoin huone",
        "closed": "Suljettu huone",
        "open_short": "avoin",
        "closed_short": "suljettu",
        "imps": "IMP",
        "vps": "VP",
        "margin": "Ero",
        "played": "Pelattuja jakoja",
        "score_ns": "Pisteet NS",
        "dealer_short": "Jak",
        "teams_note": (
            "Pisteet ovat kummassakin huoneessa pohjoisen-etelän. Tikit: pelinviejän tikit. Passattu jako: PASS."
        ),
    },
    "teams-event": {
        "title": "Joukkuekilpailu",
        "setup": "Asetukset",
        "draw": "Arvonta",
        "results": "Tulokset",
        "standings": "Sarjataulukko",
        "rounds_sheet": "Kierroksittain",
        "scorecards": "Tuloskortit",
        "calc": "Kierrokset",
        "format": "Muoto",
        "swiss": "Monrad (Swiss)",
        "round_robin": "Kaikki kaikkia vastaan",
        "team_count": "Joukkueita",
        "rounds": "Kierroksia",
        "match_boards": "Jakoja ottelussa",
        "bye_vp": "Vapaakierroksen VP",
        "bye_vp_note": "Vapaakierroksen joukkue saa nämä VP:t, kun sen kierros on alkanut (kerhoissa yleensä 12).",
        "rr_note": "Kaikki kierrokset on arvottu: kirjaa tulokset Tulokset-välilehdelle, rivi jakoa ja ottelua kohti.",
        "swiss_note": (
            "Kierros 1 on arvottu joukkueiden numeroiden mukaan. Jokaisen kierroksen jälkeen `xlbridge draw` "
            "tälle tiedostolle kirjoittaa seuraavan kierroksen arvonnan Tulokset-riveille (ja vapaakierroksen)."
        ),
        "team_no": "Nro",
        "team": "Joukkue",
        "members": "Pelaajat",
        "vp": "VP",
        "place": "Sija",
        "place_short": "Sija",
        "round": "Kierros",
        "round_n": "Kierros {n}",
        "match": "Ottelu",
        "bye": "Vapaa",
        "home": "Koti",
        "away": "Vieras",
        "imps": "IMP",
        "imps_home": "IMP koti",
        "imps_away": "IMP vieras",
        "vp_home": "VP koti",
        "vp_away": "VP vieras",
        "matches": "Otteluita",
        "imps_for": "IMP saadut",
        "imps_against": "IMP menetetyt",
        "quotient": "IMP-osamäärä",
        "open": "Avoin huone",
        "closed": "Suljettu huone",
        "open_short": "avoin",
        "closed_short": "suljettu",
        "score_ns": "Pisteet NS",
        "total": "Yhteensä",
        "card_title": "Kierros {round}, ottelu {match}",
        "draw_note": (
            "Kotijoukkue pelaa NS avoimessa huoneessa. Joukkueet luetaan kunkin ottelun ensimmäiseltä riviltä "
            "Tulokset-välilehdeltä; IMP:t ja VP:t (WBF:n 20 VP:n asteikko) molemmissa huoneissa pelatuista jaoista."
        ),
        "results_note": (
            "Rivi jakoa ja ottelua kohti: kierros, koti- ja vierasjoukkueen numerot, jako, sitten kummankin "
            "huoneen sitoumus, pelinviejä ja tikit. Pisteet ovat NS:n; kotijoukkue on NS avoimessa huoneessa."
        ),
        "standings_note": (
            "Tasapisteissä ratkaisevat ensin tasapisteisten keskinäisten otteluiden VP:t, sitten saadut IMP:t / "
            "menetetyt IMP:t; yhä tasan olevat jakavat sijan."
        ),
        "rounds_note": "Kunkin joukkueen VP:t ja sija kunkin kierroksen jälkeen, samoin tasapelisäännöin.",
        "err_team": "Kirjoita joukkueen numero, kokonaisluku {low}-{high}.",
        "err_bye_vp": "Vapaakierroksen VP:t: luku 0-20, esim. 12.",
        "err_round": "Kirjoita kierroksen numero, kokonaisluku {low}-{high}.",
    },
    "swiss-pairs": {
        "title": "Swiss-parikilpailu",
        "setup": "Asetukset",
        "draw": "Arvonta",
        "results": "Tulokset",
        "standings": "Sarjataulukko",
        "rounds_sheet": "Kierroksittain",
        "scorecards": "Tuloskortit",
        "calc": "Kierrokset",
        "scoring": "Laskenta",
        "scoring_note": (
            "Butler: pöydän tulos jaon keskiarvoa (datum) vastaan. "
            "Ristiin-IMP: muita pöytiä vastaan, keskiarvona."
        ),
        "method_butler": "Butler-IMP",
        "method_cross": "ristiin-IMP",
        "pair_count": "Pareja",
        "rounds": "Kierroksia",
        "match_boards": "Jakoja ottelussa",
        "bye_vp": "Vapaakierroksen VP",
        "bye_vp_note": "Vapaakierroksen pari saa nämä VP:t, kun sen kierros on alkanut (kerhoissa yleensä 12).",
        "swiss_note": (
            "Kierros 1 on arvottu parien numeroiden mukaan. Jokaisen kierroksen jälkeen `xlbridge draw` "
            "tälle tiedostolle kirjoittaa seuraavan kierroksen arvonnan Tulokset-riveille (ja vapaakierroksen)."
        ),
        "team_no": "Nro",
        "team": "Pari",
        "vp": "VP",
        "place": "Sija",
        "place_short": "Sija",
        "round": "Kierros",
        "round_n": "Kierros {n}",
        "match": "Pöytä",
        "bye": "Vapaa",
        "home": "NS",
        "away": "EW",
        "imps": "IMP",
        "imps_home": "IMP NS",
        "imps_away": "IMP EW",
        "vp_home": "VP NS",
        "vp_away": "VP EW",
        "matches": "Otteluita",
        "imps_for": "IMP saadut",
        "imps_against": "IMP menetetyt",
        "quotient": "IMP-osamäärä",
        "datum": "Datum",
        "score_ns": "Pisteet NS",
        "total": "Yhteensä",
        "card_title": "Kierros {round}, pöytä {match}",
        "draw_note": (
            "Pöydän parit luetaan sen ensimmäiseltä riviltä Tulokset-välilehdeltä; IMP:t ovat NS:n koko kenttää "
            "vastaan ottelun jaoista, VP:t niiden erotuksesta (WBF:n 20 VP:n asteikko pelatuille jaoille)."
        ),
        "results_note": (
            "Rivi jakoa ja pöytää kohti: kierros, NS- ja EW-parin numerot, jako, sitoumus, pelinviejä ja tikit. "
            "Kaikki pöydät pelaavat kierroksen jaot; tulosta verrataan muiden pöytien tuloksiin (Laskenta)."
        ),
        "standings_note": (
            "Tasapisteissä ratkaisevat ensin tasapisteisten keskinäisten otteluiden VP:t, sitten saadut IMP:t / "
            "menetetyt IMP:t; yhä tasan olevat jakavat sijan."
        ),
        "rounds_note": "Kunkin parin VP:t ja sija kunkin kierroksen jälkeen, samoin tasapelisäännöin.",
        "err_team": "Kirjoita parin numero, kokonaisluku {low}-{high}.",
        "err_bye_vp": "Vapaakierroksen VP:t: luku 0-20, esim. 12.",
        "err_round": "Kirjoita kierroksen numero, kokonaisluku {low}-{high}.",
        "err_scoring": "Valitse luettelosta Butler-IMP tai ristiin-IMP.",
    },
    "rubber": {
        "title": "Robberibridge",
        "sheet": "Robberi",
        "event": "Tapahtuma",
        "we": "Me",
        "they": "He",
        "we_players": "Me (NS)",
        "they_players": "He (EW)",
        "deal": "Jako",
        "honours": "Honöörit",
        "above": "yllä",
        "below": "alla",
        "above_line": "Viivan yläpuolella",
        "game_n": "Peli {n}",
        "sum_above": "Yllä",
        "sum_below": "Alla",
        "bonus": "Bonus",
        "total": "Yhteensä",
        "games": "Pelit",
        "we_won": "Me voitimme",
        "they_won": "He voittivat",
        "flag_honours": "honöörit?",
        "flag_over": "robberi ohi",
        "err_honours": (
            "Valitse honöörit listasta: NS 100 tai EW 100 (neljä viidestä valttihonööristä samassa kädessä), NS 150 "
            "tai EW 150 (kaikki viisi, tai neljä ässää sangissa). Tyhjä, jos ei ole."
        ),
        "rubber_note": (
            "Me = pohjoinen-etelä, He = itä-länsi. Tikit: pelinviejän tikit. Passattu jako: PASS. Tikkipisteet "
            "kirjataan viivan alle, kaikki muu sen yläpuolelle; bonus on robberibonus (700 tai 500) tai "
            "keskeneräisessä robberissa 300 pelistä ja 100 osapelistä. Yli {n} merkintää viivan yllä: ylin laskee "
            "loput yhteen."
        ),
    },
    "chicago": {
        "title": "Chicago",
        "sheet": "Chicago",
        "event": "Tapahtuma",
        "ns_players": "NS-pari",
        "ew_players": "EW-pari",
        "deal": "Jako",
        "dealer_short": "Jak",
        "cycle": "Vaarat",
        "cycle_note": (
            "tavallinen: Chicagon säännöt (jaoilla 2 ja 3 jakajan puoli vaarassa); kilpailu: kuten "
            "kilpailubridgen jaot 1-4."
        ),
        "hcp": "AP NS",
        "fit": "Sopivuus",
        "running": "Yhteensä",
        "imps": "Komp. IMP",
        "total": "Yhteensä",
        "flag_cycle": "vaarat?",
        "flag_hcp": "AP?",
        "flag_fit": "sopivuus?",
        "err_cycle": "Valitse tavallinen (Chicagon säännöt) tai kilpailu (kuten kilpailubridgen jaot 1-4).",
        "err_hcp": "Kirjoita pohjoisen-etelän arvopisteet, kokonaisluku 0-40 (idällä-lännellä loput).",
        "err_fit": (
            "Valitse listasta enemmän pisteitä omaavan puolen (20-20: jakajan puolen) paras valttisopivuus: "
            "yläväri 8, 9, 10 (10 tai enemmän), alaväri 8, 9, 10, tai ei sopivuutta. Sekä ylä- että "
            "alavärisopivuus: yläväri."
        ),
        "chicago_note": (
            "Pisteet ovat pohjoisen-etelän (NS) ja idän-lännen (EW) kuten duplikaatissa; Tikit: pelinviejän tikit; "
            "passattu jako: PASS. Kompensaatio (valinnainen): AP = pohjoisen-etelän arvopisteet, Sopivuus = enemmän "
            "pisteitä omaavan puolen (20-20: jakajan puolen) paras sopivuus; IMPit vertaavat tulosta taulukon "
            "odotukseen."
        ),
        # The option words a director picks (workbooks/options.py): the cycle, then the fits.
        "cycle_standard": "tavallinen",
        "cycle_duplicate": "kilpailu",
        "fit_major8": "yläväri 8",
        "fit_major9": "yläväri 9",
        "fit_major10": "yläväri 10",
        "fit_minor8": "alaväri 8",
        "fit_minor9": "alaväri 9",
        "fit_minor10": "alaväri 10",
        "fit_none": "ei sopivuutta",
    },
    # The Hands sheet of the pairs and teams books and the hand diagram on travellers (workbooks/hands.py).
    "hands": {
        "sheet": "Kädet",
        "title": "Kädet",
        "note": (
            "Liitä kunkin jaon kortit PBN-muodossa (N:AKQ2.T98.7653.A2 J876.AKQ.42.K743 ..., - tuntemattomalle "
            "kädelle), tai anna xlbridge hands -komennon kirjoittaa jakotiedoston jaot, double dummy -tikit ja par."
        ),
        "deal": "Jako (PBN)",
        "seat_N": "Pohjoinen",
        "seat_E": "Itä",
        "seat_S": "Etelä",
        "seat_W": "Länsi",
        "dd_by": "{seat} tekee",
        "par_score": "Par (NS)",
        "par_contract": "Par-sitoumus",
        "flag_deal": "kortit?",
        "flag_tricks": "tikit?",
        "flag_par": "par?",
        "dd": "DD",
        "par": "Par",
        "vs_par": "vs par",
        "boards_sheet": "Jakolaput",
        "room": "Huone",
        "open": "Avoin",
        "closed": "Suljettu",
        "match_teams": "Joukkueet",
        "score_ns": "Pisteet NS",
        "imps": "IMP",
        "imps_home": "IMP koti",
        "err_deal": "Liitä jako PBN-muodossa: N: ja neljä kättä myötäpäivään, padat ensin, - tuntemattomalle.",
        "err_par": "Kirjoita par-tulos pohjois-etelän kannalta kokonaislukuna (-420, kun itä-länsi tekee 4S).",
        "err_par_contract": "Kirjoita par-sitoumukset kuten PBN ne kirjoittaa (NS 4S=; EW 5DX-2) tai Pass.",
    },
    "serve_cards": {
        "scan": "Skannaa ja syötä tämän pöydän tulokset",
        "director": "Kilpailunjohtaja",
        "director_scan": "Skannaa ja avaa kilpailunjohtajan sivu",
        "director_only": "Vain kilpailunjohtajalle: pidä tallessa",
    },
    "pivot": {
        "title": "Pivot-bridge",
        "sheet": "Pivot",
        "players": "Pelaajia",
        "players_note": "4 tai 5. Nostakaa kortit: suurin on pelaaja 1, pivot, sitten 2, 3, 4 (ja 5).",
        "number": "Nro",
        "player": "Pelaaja",
        "drawn": "Arvottu",
        "role_1": "pivot",
        "role_2": "1. partneri",
        "role_3": "pivotista vas.",
        "role_4": "pivotista oik.",
        "role_5": "ensin sivussa",
        "rounds": "Kierroksia",
        "scored": "Omat",
        "conceded": "Vastaan",
        "net": "Netto",
        "place": "Sija",
        "standings_note": (
            "Netto = omien parien pisteet miinus vastustajien, pelatuilta kierroksilta. Suurin netto voittaa; "
            "tasatulos jakaa sijan."
        ),
        "round": "Kierros",
        "seating": "Istumajärjestys",
        "sits_out": "Sivussa",
        "points": "Saadut pisteet",
        "rounds_note": (
            "Kierros on neljä jakoa Chicagona tai yksi robberi: kirjoita kummankin parin pisteet. Tyhjä pistemäärä on"
            " 0. Kierto alkaa alusta (tai nostakaa uudelleen)."
        ),
        "flag_total": "pisteet?",
        "flag_players": "pelaajat?",
        "err_players": "Valitse pelaajien määrä: 4 tai 5.",
        "err_total": "Kirjoita parin pisteet kierroksella: kokonaisluku {low}-{high}.",
    },
    "players": {
        "title": "Pelaajarekisteri",
        "sheet": "Pelaajat",
        "club": "Seura",
        "note": (
            "Rivi pelaajaa kohden: seuran numero (kaikki kilpailut ja kausi käyttävät sitä), nimi, liiton "
            "jäsennumero, kotiseura ja tasoitus prosenttiyksikköinä, jos seura pitää niitä."
        ),
        "number": "Nro",
        "membership": "Jäsennumero",
        "home_club": "Kotiseura",
        "handicap": "Tasoitus",
        "flag_number": "numero?",
        "flag_name": "nimi?",
        "err_number": "Kirjoita pelaajan numero, kokonaisluku {low}-{high}.",
        "err_handicap": "Kirjoita tasoitus prosenttiyksikköinä väliltä -50...50 tai jätä tyhjäksi.",
    },
    "season": {
        "title": "Kausi",
        "sheet_ladder": "Sarjataulukko",
        "sheet_player": "Pelaaja",
        "sheet_sessions": "Kilpailut",
        "sheet_setup": "Asetukset",
        "season": "Kausi",
        "best_n": "Parhaat kilpailut",
        "min_sessions": "Vähimmäismäärä",
        "handicap": "Tasoitus",
        "handicap_rule": "Tasoitus (kerhon tapa)",
        "handicap_sessions": "Viimeiset kilpailut",
        "handicap_factor": "Kerroin",
        "handicap_cap": "Enintään ±",
        "handicap_note": "(50 - viimeisten kilpailujen keskiarvo) x kerroin; vain prosentit.",
        "err_handicap_factor": "Luku 0...10.",
        "err_handicap_cap": "Prosenttiyksiköt 0...50.",
        "ranking": "Järjestys",
        "ranking_average": "parhaiden keskiarvo",
        "ranking_points": "pisteet",
        "ranking_both": "pisteet, sitten keskiarvo",
        "ranking_total": "kilpailujen yhteistulos",
        "total": "Yhteensä",
        "points_scale": "Pisteet",
        "scale_table": "taulukko sijoittain",
        "scale_acbl": "ACBL:n seura-asteikko",
        "err_points_scale": (
            "Valitse pisteet: alla oleva taulukko sijoittain tai ACBL:n "
            "seura-asteikko (sijan ja kentän koon mukaan)."
        ),
        "err_ranking": "Valitse järjestys: parhaiden kilpailujen keskiarvo, pisteet, pisteet ja sitten keskiarvo "
                        "tai kilpailujen yhteistulos.",
        "rule_note": (
            "Keskiarvoon lasketaan kunkin pelaajan parhaat kilpailut (kaikki, jos niitä on vähemmän); "
            "pisteet tulevat taulukosta sijoituksen mukaan pelaajan kentän sarakkeesta (taulukon yläpuolinen rivi "
            "antaa kunkin sarakkeen pienimmän kentän), jaetut sijat jakavat ne. Kilpailujen yhteistulos (monen "
            "kilpailun mestaruus): prosentit jakojen määrällä painotettuina, IMP- tai VP-pisteet yhteen. "
            "Sijoitetaan vain pelaajat, joilla on vähimmäismäärä kilpailuja; tasatulos jakaa sijan."
        ),
        "place": "Sija",
        "points": "Pisteet",
        "err_points": "Kirjoita sijan pisteet, luku 0 tai enemmän.",
        "points_fields": "Sija / kentästä",
        "err_points_fields": "Kirjoita pienin kenttä (parit), jota sarake koskee, kokonaisluku 1-9999.",
        "sessions_note": (
            "Rivi pelaajaa ja kilpailua kohden, xlbridge season add kirjoittaa ne (tai kirjoita itse). "
            "Tulos: prosentti tai IMPit. Sijaan: jaetun sijan viimeinen (2-3)."
        ),
        "key": "Kilpailu",
        "number": "Nro",
        "player": "Pelaaja",
        "partner": "Partneri",
        "direction": "Suunta",
        "unit": "Yksikkö",
        "place_to": "Sijaan",
        "field": "Kenttä",
        "held": "Kilpailuja",
        "sessions": "Kilpailut",
        "attendance": "Osallistuminen",
        "average": "Keskiarvo",
        "err_direction": "Valitse NS tai EW, tai jätä tyhjäksi yhden kentän kilpailussa.",
        "err_score": "Kirjoita tulos: prosentti tai IMPit.",
        "err_unit": "Valitse %, IMP tai VP.",
        "err_player": "Valitse sarjataulukon pelaaja.",
        "ladder_note": (
            "Keskiarvo: parhaista lasketuista kilpailuista. Pelaaja sijoitetaan vähimmäismäärän jälkeen. "
            "xlbridge season add kirjoittaa jokaisen uuden pelaajan."
        ),
    },
    "serve": {
        "title": "Pöytä {table}, kierros {round}",
        "director": "Kilpailunjohtaja",
        "ns_pair": "NS {pair}",
        "ew_pair": "EW {pair}",
        "boards_line": "Jaot {boards}",
        "state_open": "pelaamatta",
        "state_entered": "syötetty, itä-länsi vahvistaa",
        "state_confirmed": "vahvistettu",
        "level": "Taso",
        "pass": "Passi",
        "strain": "Maa",
        "doubling": "Kahdennus",
        "undoubled": "ei",
        "declarer": "Pelinviejä",
        "tricks": "Tikit",
        "lead": "Lähtökortti (vapaaehtoinen)",
        "no_lead": "ei",
        "enter": "Tallenna jako {board}",
        "confirm": "Itä-länsi: vahvista jako {board}",
        "correct": "Korjaa jako {board}",
        "score": "Pohjois-etelän tulos: {score}",
        "saved": "Tallennettu: jako {board}, {result}.",
        "confirmed": "Vahvistettu: jako {board}.",
        "traveller": "Jako {board} tähän asti",
        "round_done": "Kierros {round}: kaikki jaot on syötetty.",
        "round_closed": "Kierros {round} on suljettu.",
        "next": "Seuraavaksi",
        "wait": "Odota, että kilpailunjohtaja sulkee kierroksen {round}, ja lataa sivu sitten uudelleen.",
        "over": "Kaikki kierrokset on suljettu. Kiitos.",
        "sits_out": "Tämä pöytä on tauolla kierroksella {round}.",
        "room_line": "{room}: {ns} (NS) – {ew} (EW)",
        "team_next": "pöytä {ns} NS, pöytä {ew} EW",
        "pair_next": "pöytä {table} {direction}",
        "wait_draw": "odota arvontaa",
        "over_draw": "Kaikki tähän asti arvotut kierrokset on suljettu: odota seuraavan kierroksen arvontaa ja "
                     "lataa sivu sitten uudelleen.",
        "err_board": "Jakoa {board} ei pelata pöydässä {table} kierroksella {round}.",
        "err_contract": "Valitse taso ja maa, tai passi.",
        "err_declarer": "Valitse pelinviejä: N, E, S tai W.",
        "err_tricks": "Valitse tikit, 0-13.",
        "err_lead": "Valitse lähtökortti painikkeista, tai ei mitään.",
        "err_result": "Tulos ei ole mahdollinen: {error}.",
        "err_exists": "Jako {board} on jo syötetty: {result}.",
        "err_closed": "Kierros {round} on suljettu: vain kilpailunjohtaja voi muuttaa sitä.",
        "err_other": "Tämä puhelin on pöytä {table}; se ei voi kirjoittaa pöydän {other} tuloksia.",
        "err_missing": "Jakoa {board} ei ole vielä syötetty.",
        "err_csrf": "Lomake ei ole tältä sivulta: lataa sivu uudelleen ja yritä taas.",
        "err_code": "Väärä koodi: lue kortin QR-koodi uudelleen.",
        "err_login": "Et ole kirjautunut: lue pöytäsi QR-koodi.",
        "err_rate": "Liian monta pyyntöä: odota hetki.",
        "err_size": "Pyyntö on liian suuri.",
        "err_number": "{what}: valitse jokin painikkeista.",
        "err_section": "Sektio {section}: kilpailun sektiot ovat {sections}.",
        "grid": "Syötetyt tulokset",
        "late": "Myöhässä olevat pöydät",
        "none": "ei yhtään",
        "corrections": "Korjaukset",
        "when": "Aika",
        "who": "Kuka",
        "before": "Ennen",
        "after": "Jälkeen",
        "ranking": "Tulokset",
        "place": "Sija",
        "pair": "Pari",
        "names": "Nimet",
        "total": "Yhteensä",
        "edit": "Korjaa tai lisää tulos",
        "contract": "Sitoumus (4SX, 3N, PASS)",
        "save": "Tallenna",
        "close": "Sulje kierros {round}",
        "closed": "suljettu",
        "write": "Kirjoita tulokset työkirjaan",
        "written": "Kirjoitettiin {count} tulosta tiedostoon {book}.",
        "conflicts": "Säilytettiin työkirjaan kirjoitettuina: {rows}",
        "err_write": "Ei kirjoitettu: {error}",
        "show_traveller": "Näytä jaon tuloslappu syötön jälkeen",
        "yes": "kyllä",
        "no": "ei",
        "round": "Kierros",
        "table": "Pöytä",
        "board": "Jako",
    },
}

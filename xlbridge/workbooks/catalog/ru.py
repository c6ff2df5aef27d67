"""Russian (русский): every label of the templates, by template (``common``: shared by several).

Seats stay N, E, S, W (and the sides NS, EW) as in every language: they are what a
director types, and the Russian letters (С, В, Ю, З) would not read as the same keys.
"""

DATE_FORMAT = "dd.mm.yyyy"
"""A date in the sheets (a number format), and the same as text in page headers:"""
DATE_TEXT = "{0.day:02d}.{0.month:02d}.{0.year}"


def plural(count: int) -> str:
    """The form of a counted word: ``1`` (один), ``2`` (2-4: два, три, четыре) or ``5`` (many)."""
    if count % 10 == 1 and count % 100 != 11:
        return "1"
    return "2" if count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14) else "5"


LABELS: dict[str, dict[str, str]] = {
    "common": {
        "event": "Турнир",
        "date": "Дата",
        "date_short": "Дата",
        "board": "Сдача",
        "boards": "Сдачи",
        "table": "Стол",
        "tables": "Столы",
        "pair": "Пара",
        "name": "Игроки",
        "ns": "NS",
        "ew": "EW",
        "contract": "Контракт",
        "declarer": "Играл",
        "declarer_long": "Разыгрывающий",
        "tricks": "Взятки",
        "score": "Результат",
        "matchpoints": "Матчпойнты",
        "check": "Проверка",
        "dealer": "Сдающий",
        "vul": "Зона",
        "vulnerable": "Зона",
        "vul_None": "Никто",
        "vul_NS": "NS",
        "vul_EW": "EW",
        "vul_All": "Все",
        "scale": "Шкала МП",
        "scale_note": "2 = 2/1/0, 1 = 1/½/0",
        "top": "Топ",
        "page": "Стр. &P из &N",
        "legend": "Заполняйте белые ячейки; серые считаются сами.",
        "flag_board": "сдача?",
        "flag_pair": "пара?",
        "flag_contract": "контракт?",
        "flag_declarer": "играл?",
        "flag_tricks": "взятки?",
        "flag_twice": "дважды?",
        "flag_adjusted": "оценка?",
        "flag_team": "команда?",
        "flag_weighted": "взвешенная?",
        "err_title": "Проверьте ввод",
        "err_contract": (
            "Выберите контракт из списка: уровень 1-7, масть C D H S NT, затем X при контре или XX при "
            "реконтре, например 4S, 3NTX, 2HXX. Все спасовали: PASS."
        ),
        "err_entry": (
            "Выберите из списка: контракт (4S, 3NTX, 2HXX, 3N; все спасовали: PASS), NP для несыгранной "
            "сдачи или искусственную оценку A60/40 (NS % / EW %: 40, 50 или 60), A60, A50, A40."
        ),
        "err_entry_weighted": (
            "Выберите из списка: контракт (4S, 3NTX; все спасовали PASS), NP, оценку A60/40, A50 ... или введите "
            "взвешенный результат: % каждого результата и результат с разыгрывающим, например 60% 4SN= 40% 4SN-1 "
            "(затем ответьте «Да»)."
        ),
        "err_declarer": "Введите место разыгрывающего: N, E, S или W.",
        "err_tricks": "Введите взятки разыгрывающего: целое число 0-13 (4S ровно — это 10).",
        "err_board": "Введите номер сдачи, целое число {low}-{high}.",
        "err_pair": "Введите номер пары, целое число {low}-{high}.",
        "err_count": "Введите целое число {low}-{high}.",
        "err_scale": "Выберите 2 (матчпойнты 2/1/0) или 1 (1/0,5/0, как в ACBL).",
        "err_text": "Не более {high} знаков.",
        "err_date": "Введите дату, например 14.03.2025.",
    },
    "traveller": {
        "title": "Протокол сдачи",
        "sheet": "Протокол",
        "no_board": "Введите номер сдачи.",
    },
    "pairs": {
        "err_yes_no": "Выберите «да» или «нет».",
        "to_table": "стол {table}",
        "to_relay": "релей, тур {round} стол {table}",
        "to_seat": "стол {table} {direction}",
        "movement_text": (
            "{kind}: "
            "столов {tables}{variant}, пар {pairs}, туров {rounds} по {per_round} {boards_word}{arrow}"
        ),
        "kind_mitchell": "Митчелл",
        "kind_howell": "Хауэлл",
        "variant_skip": " (со скипом)",
        "variant_relay": " (с релеем)",
        "boards_1": "сдаче",
        "boards_2": "сдачи",
        "boards_5": "сдач",
        "arrow_1": ", смена направлений в туре {rounds}",
        "arrow_n": ", смена направлений в турах {rounds}",
        "movement": "Расписание",
        "table_cards": "Карточки столов",
        "guide_cards": "Карточки пар",
        "paper_travellers": "Бланки протоколов",
        "score_cards": "Личные карточки",
        "round": "Тур",
        "boards_next": "Сдачи — на",
        "ns_next": "NS — на",
        "ew_next": "EW — на",
        "sit": "Линия",
        "against": "Против",
        "result": "Итог",
        "plus": "Очки +",
        "minus": "Очки -",
        "sits_out": "отдыхает",
        "pair_card": "Пара {pair}",
        "table_card": "Стол {table}",
        "score_card": "Пара {pair}: личная карточка",
        "movement_note": "Расписание, по которому напечатаны карточки; xlbridge check сверяет с ним результаты.",
        "pair_sits_out": "{direction} {pair} отдыхает",
        "no_opponents": "нет соперников",
        "share_with": "общие со столом {tables}",
        "stand_relay": "релей {stand}",
        "stand_bye": "столик для сдач",
        "then_table": "{stand}, затем стол {table}",
        "then_round": "{stand}, затем тур {round} стол {table}",
        "setup_title": "Расстановка",
        "setup_stands": "Столиков для отдыхающих сдач (релеев): {count}.",
        "setup_place": "Место",
        "setup_boards": "Сдачи в начале",
        "setup_where": "Где",
        "place_table": "стол {table}",
        "between": "между столами {first} и {second}",
        "beside": "рядом со столом {table}",
        "mp": "МП",
        "title": "Парный турнир",
        "setup": "Настройки",
        "results": "Результаты",
        "ranking": "Итоги",
        "travellers": "Протоколы",
        "board_sheet": "Сдачи",
        "weighted_sheet": "Взвешенные",
        "weighted_short": "взвеш.",
        "weighted_scores": "Взвешенные результаты",
        "place": "Место",
        "percent": "%",
        "imps": "IMP",
        "per_board": "IMP на сдачу",
        "field": "Линия",
        "played": "Сдачи",
        "pairs_note": "Номера пар в турнире не повторяются: в Митчелле, например, NS 1-10 и EW 11-20.",
        "penalty": "Штраф",
        "err_penalty": "Процедурный штраф: матчпойнты (в турнире на IMP — IMP), вычитаемые из результата пары, "
                       "напр. 4 = 25% от топа 16.",
        "entered": "Введено результатов",
        "flagged": "Строк к проверке",
        "of": "из",
        "row": "№",
        "results_note": (
            "Строка на каждую сдачу и стол, в любом порядке. Взятки: сколько взял разыгрывающий. "
            "Все спасовали: PASS. Не сыграна: NP. Искусственная оценка: A60/40 (NS/EW %), A50 ... "
            "Раздельная: A60/4S (NS 60%, EW — результат стола). "
            "Взвешенная: 60% 4SN= 40% 4SN-1."
        ),
        "ranking_note": "% = матчпойнты / максимум, возможный на сыгранных парой сдачах.",
        "ranking_note_imps": "IMP: сумма по сдачам, сыгранным парой.",
        "results_count": "Результаты",
        "scoring": "Подсчёт",
        "scoring_note": (
            "матчпойнты: сравнение с каждым другим результатом. кросс-IMP: IMP против каждого другого "
            "результата. Батлер: IMP против датума (среднего без лучшего и худшего результата)."
        ),
        "crossimps": "Кросс-IMP",
        "crossimps_note": "среднее: делится на число сравнений. сумма: IMP всех сравнений складываются.",
        "neuberg": "Нойберг",
        "neuberg_note": "да: сдача, сыгранная меньше ожидаемого числа раз, пересчитывается по (M+1)·N/n-1.",
        "expected": "Результатов (N)",
        "expected_auto": "автоматически: ",
        "expected_few": "слишком мало: на сдаче ",
        "session_rule": "Правило сессии",
        "session_rule_note": (
            "Закон 12C2(c), да: пара, получившая 60% (40%), получает свой процент на других сдачах, "
            "если он выше (ниже)."
        ),
        "fields": "Зачёты",
        "fields_note": "1: один зачёт всех пар (Хауэлл, Митчелл с одним победителем). 2: по линиям.",
        "options_note": (
            "Формулы и xlbridge check понимают и английские значения настроек (MP, Cross-IMPs, Butler, "
            "Average/Total, Yes/No), например скопированные из английской книги."
        ),
        # The option words a director picks (workbooks/options.py): the scoring method, how
        # cross-IMPs are taken, then Neuberg's and the session rule's switch.
        "scoring_mp": "матчпойнты",
        "scoring_cross_imps": "кросс-IMP",
        "scoring_butler": "Батлер",
        "crossimps_average": "среднее",
        "crossimps_total": "сумма",
        "yes": "да",
        "no": "нет",
        "ns_field": "NS",
        "ew_field": "EW",
    },
    "teams": {
        "title": "Командный матч",
        "sheet": "Матч",
        "home": "Хозяева",
        "away": "Гости",
        "home_team": "Хозяева",
        "away_team": "Гости",
        "home_note": "NS в открытой комнате",
        "away_note": "NS в закрытой комнате",
        "open": "Открытая комната",
        "closed": "Закрытая комната",
        "open_short": "откр.",
        "closed_short": "закр.",
        "imps": "IMP",
        "vps": "VP",
        "margin": "Разница",
        "played": "Сыграно сдач",
        "score_ns": "Очки NS",
        "dealer_short": "Сд.",
        "teams_note": (
            "Очки — в пользу North-South в каждой комнате. Взятки: сколько взял разыгрывающий. "
            "Все спасовали: PASS."
        ),
    },
    "teams-event": {
        "title": "Командный турнир",
        "setup": "Настройка",
        "draw": "Жеребьёвка",
        "results": "Результаты",
        "standings": "Таблица",
        "rounds_sheet": "По турам",
        "scorecards": "Протоколы",
        "calc": "Туры",
        "format": "Система",
        "swiss": "Швейцарская",
        "round_robin": "Круговая",
        "team_count": "Команд",
        "rounds": "Туров",
        "match_boards": "Сдач в матче",
        "bye_vp": "VP за пропуск",
        "bye_vp_note": "Команда, пропускающая тур, получает эти VP, когда тур начался (в клубах обычно 12).",
        "rr_note": "Все туры расписаны: вносите результаты на листе «Результаты», строка на сдачу матча.",
        "swiss_note": (
            "Тур 1 составлен по номерам команд. После каждого тура `xlbridge draw` для этого файла вписывает "
            "жеребьёвку следующего тура в строки «Результатов» (и пропуск)."
        ),
        "team_no": "№",
        "team": "Команда",
        "members": "Игроки",
        "vp": "VP",
        "place": "Место",
        "place_short": "М.",
        "round": "Тур",
        "round_n": "Тур {n}",
        "match": "Матч",
        "bye": "Пропуск",
        "home": "Хозяева",
        "away": "Гости",
        "imps": "IMP",
        "imps_home": "IMP хозяев",
        "imps_away": "IMP гостей",
        "vp_home": "VP хозяев",
        "vp_away": "VP гостей",
        "matches": "Матчей",
        "imps_for": "IMP взято",
        "imps_against": "IMP отдано",
        "quotient": "Коэффициент IMP",
        "open": "Открытая комната",
        "closed": "Закрытая комната",
        "open_short": "откр.",
        "closed_short": "закр.",
        "score_ns": "Очки NS",
        "total": "Итого",
        "card_title": "Тур {round}, матч {match}",
        "draw_note": (
            "Хозяева сидят NS в открытой комнате. Команды берутся из первой строки каждого матча на листе "
            "«Результаты»; IMP и VP (шкала WBF на 20 VP) — по сдачам, сыгранным в обеих комнатах."
        ),
        "results_note": (
            "Строка на сдачу матча: тур, номера хозяев и гостей, сдача, затем контракт, разыгрывающий и взятки "
            "в каждой комнате. Очки — в пользу NS; хозяева сидят NS в открытой комнате."
        ),
        "standings_note": (
            "При равенстве VP: сначала VP, набранные равными командами друг против друга, затем отношение "
            "взятых IMP к отданным; по-прежнему равные делят место."
        ),
        "rounds_note": "VP и место каждой команды после каждого тура, с теми же дополнительными показателями.",
        "err_team": "Введите номер команды, целое число {low}-{high}.",
        "err_bye_vp": "VP за пропуск: число 0-20, например 12.",
        "err_round": "Введите номер тура, целое число {low}-{high}.",
    },
    "rubber": {
        "title": "Роббер",
        "sheet": "Роббер",
        "event": "Игра",
        "we": "Мы",
        "they": "Они",
        "we_players": "Мы (NS)",
        "they_players": "Они (EW)",
        "deal": "Сдача",
        "honours": "Онёры",
        "above": "над",
        "below": "под",
        "above_line": "Над чертой",
        "game_n": "Гейм {n}",
        "sum_above": "Над",
        "sum_below": "Под",
        "bonus": "Премия",
        "total": "Итого",
        "games": "Геймы",
        "we_won": "Выиграли мы",
        "they_won": "Выиграли они",
        "flag_honours": "онёры?",
        "flag_over": "роббер сыгран",
        "err_honours": (
            "Выберите онёры из списка: NS 100 или EW 100 (четыре из пяти старших козырей на одной руке), "
            "NS 150 или EW 150 (все пять или четыре туза в бескозырном). Пусто, если их нет."
        ),
        "rubber_note": (
            "Мы = North-South, они = East-West. Взятки: сколько взял разыгрывающий. Все спасовали: PASS. "
            "Очки за взятки пишутся под чертой, всё остальное над ней; премия — за роббер (700 или 500) или, "
            "если он не доигран, 300 за гейм и 100 за частичную запись. Больше {n} записей над чертой: "
            "верхняя суммирует остальные."
        ),
    },
    "chicago": {
        "title": "Чикаго",
        "sheet": "Чикаго",
        "event": "Игра",
        "ns_players": "Игроки NS",
        "ew_players": "Игроки EW",
        "deal": "Сдача",
        "dealer_short": "Сд.",
        "cycle": "Зоны",
        "cycle_note": (
            "обычные: правила Чикаго (в сдачах 2 и 3 в зоне сторона сдающего); спортивные: как сдачи 1-4 "
            "спортивного бриджа."
        ),
        "hcp": "Очки NS",
        "fit": "Фит",
        "running": "Нарастающий итог",
        "imps": "IMP компенс.",
        "total": "Итого",
        "flag_cycle": "зона?",
        "flag_hcp": "очки?",
        "flag_fit": "фит?",
        "err_cycle": "Выберите «обычные» (правила Чикаго) или «спортивные» (как сдачи 1-4 спортивного бриджа).",
        "err_hcp": "Введите очки (онёры) North-South, целое число 0-40 (у East-West остальные).",
        "err_fit": (
            "Выберите лучший козырный фит стороны с большим числом очков (при 20-20 — сторона сдающего): "
            "мажор 8, 9, 10 (10 и больше), минор 8, 9, 10 или нет фита. Есть фит и в мажоре, и в миноре: "
            "мажор."
        ),
        "chicago_note": (
            "Очки North-South (NS) и East-West (EW), как в спортивном бридже; взятки: сколько взял "
            "разыгрывающий; все спасовали: PASS. Компенсация (по желанию): очки NS = очки North-South в "
            "онёрах, фит = лучший фит стороны с большим числом очков (при 20-20 — сдающего); IMP "
            "сравнивают результат с ожидаемым по таблице."
        ),
        # The option words a director picks (workbooks/options.py): the cycle, then the fits.
        "cycle_standard": "обычные",
        "cycle_duplicate": "спортивные",
        "fit_major8": "мажор 8",
        "fit_major9": "мажор 9",
        "fit_major10": "мажор 10",
        "fit_minor8": "минор 8",
        "fit_minor9": "минор 9",
        "fit_minor10": "минор 10",
        "fit_none": "нет фита",
    },
    "pivot": {
        "title": "Пивот-бридж",
        "sheet": "Пивот",
        "players": "Игроков",
        "players_note": "4 или 5. Тяните карты: старшая — игрок 1, пивот, затем 2, 3, 4 (и 5).",
        "number": "№",
        "player": "Игрок",
        "drawn": "По жребию",
        "role_1": "пивот",
        "role_2": "1-й партнёр",
        "role_3": "слева",
        "role_4": "справа",
        "role_5": "отдыхает 1-м",
        "rounds": "Туры",
        "scored": "За",
        "conceded": "Против",
        "net": "Итог",
        "place": "Место",
        "standings_note": (
            "Итог = очки своих сторон минус очки противников за сыгранные туры. Побеждает больший итог; "
            "при равенстве место делится."
        ),
        "round": "Тур",
        "seating": "Рассадка",
        "sits_out": "Отдыхает",
        "points": "Набрано очков",
        "rounds_note": (
            "Тур — четыре сдачи, как в Чикаго, или один роббер: впишите очки каждой стороны. Пустая сумма "
            "считается за 0. После расписания рассадка повторяется (или тяните снова)."
        ),
        "flag_total": "сумма?",
        "flag_players": "игроки?",
        "err_players": "Выберите число игроков: 4 или 5.",
        "err_total": "Введите очки этой стороны за тур: целое число {low}-{high}.",
    },
}

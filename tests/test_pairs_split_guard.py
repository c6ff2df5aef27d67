"""pairs.xlsx looks a contract cell up among the split scores only when it holds a "/"
(issue 19: the lookup on every row of a full book cost LibreOffice time): that is right
only while every split score's spelling holds one."""

from xlbridge.workbooks.lookup import split_codes


def test_every_split_score_spelling_holds_a_slash():
    texts = [text for text, _, _ in split_codes()]
    assert texts, "no split scores listed"
    assert [text for text in texts if "/" not in text] == []

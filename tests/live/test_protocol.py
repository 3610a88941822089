"""The messages a student's page sends: checked before anything is done, refused with a message in the page's
language, and nothing kept when refused."""

from __future__ import annotations

import json

import pytest

from atout.live.protocol import MAX_MESSAGE_BYTES, handle, handle_line


def unchanged(store, class_id):
    return store.row_counts(), store.version(class_id)


def test_a_student_session_through_messages(classes):
    teacher = classes.start()
    joined = handle(classes, {"op": "join", "code": teacher.code, "name": "Zoé", "lang": "fr"})
    assert joined["ok"] and joined["name"] == "Zoé" and joined["number"] == 0
    token = joined["token"]
    teacher.ask_lesson("45-trumps", 0)
    view = handle(classes, {"op": "view", "token": token})["view"]
    assert view["question"]["prompt"] == "Quelle carte remporte la levée\u202f?"
    assert handle(classes, {"op": "answer", "token": token, "question": 1, "answer": ["AH"]}) == \
        {"ok": True, "recorded": 1}
    assert handle(classes, {"op": "progress", "token": token, "lesson": "45-trumps", "right": 3, "total": 5})["ok"]
    back = handle(classes, {"op": "resume", "token": token})
    assert back["name"] == "Zoé" and back["lang"] == "fr" and back["view"]["question"]["mine"] == ["AH"]
    english = handle(classes, {"op": "language", "token": token, "lang": "en"})["view"]
    assert english["question"]["prompt"] == "Which card wins the trick?"
    assert json.loads(handle_line(classes, json.dumps({"op": "view", "token": token})))["ok"]


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


BAD = [
    # 4 KB of nesting raised RecursionError from the JSON parser (text) or writer (a page's dict), not a reply.
    pytest.param("[" * 2048 + "]" * 2048, "a message nests lists and objects at most 8 deep", "message",
                 id="4 KB of brackets"),
    pytest.param(b'{"op": "view", "token": ' + b"[" * 2030 + b"]" * 2030 + b"}", "at most 8 deep", "message",
                 id="4 KB of brackets in bytes"),
    pytest.param({"op": "answer", "token": "ADA", "question": 1, "answer": nested(2000)}, "at most 8 deep", "message",
                 id="an answer nested 2000 deep"),
    pytest.param({"op": "answer", "token": "ADA", "question": 1, "answer": nested(8)}, "at most 8 deep", "message",
                 id="an answer nested 8 deep"),
    ("x" * (MAX_MESSAGE_BYTES + 1), "at most 4096 bytes; this one has 4097", "message"),
    ('{"op": "join", "code": ', "not JSON", "message"),
    ("[1, 2]", "a message is one JSON object with an op", "message"),
    ({"op": "shout"}, "op is one of join, resume, view, answer, progress, language, here, leave, not 'shout'",
     "message"),
    ({"op": "join", "code": "K7M-4QX", "name": "Ada", "lang": "en", "admin": True},
     "a join message has the fields code, name, lang, not 'admin'", "message"),
    ({"op": "join", "code": "K7M-4QX"}, "a join message needs name, lang", "message"),
    ({"op": "join", "code": "K7M-4QX", "name": "Ada", "lang": "de"}, "the language is one of en, fr", "message"),
    ({"op": "join", "code": "K7M-4QX", "name": "Ada " * 20, "lang": "en"}, "at most 40 characters", "name"),
    ({"op": "join", "code": "K7M-4QX", "name": {"first": "Ada"}, "lang": "en"}, "a name is text", "name"),
    ({"op": "view", "token": 12}, "token is the text the page was given", "message"),
    ({"op": "view", "token": "not-a-token"}, "This page is no longer in a class", "token"),
    ({"op": "answer", "token": "ADA", "question": "1", "answer": ["AH"]}, "question is the number", "message"),
    ({"op": "progress", "token": "ADA", "lesson": "45-trumps", "right": 9, "total": 5}, "a lesson's score", "message"),
    ({"op": "progress", "token": "ADA", "lesson": "../etc", "right": 1, "total": 5}, "there is no lesson", "message"),
    ({"op": "here", "token": "ADA", "page": ["tab"]}, "page is the text the page names itself with", "message"),
    ({"op": "leave", "token": "ADA"}, "a leave message needs page", "message"),
]


@pytest.mark.parametrize("message, says, field", BAD)
def test_a_message_that_is_not_one_is_refused_and_nothing_is_kept(classes, store, message, says, field):
    teacher = classes.start()
    ada = handle(classes, {"op": "join", "code": teacher.code, "name": "Ada", "lang": "en"})
    teacher.ask_lesson("45-trumps", 0)
    if isinstance(message, dict) and message.get("token") == "ADA":
        message = {**message, "token": ada["token"]}
    before = unchanged(store, teacher.class_id)
    reply = handle(classes, message)
    assert says in reply["error"] and reply["field"] == field and "ok" not in reply
    assert unchanged(store, teacher.class_id) == before


def test_one_student_cannot_answer_for_another(classes, store):
    teacher = classes.start()
    ada = handle(classes, {"op": "join", "code": teacher.code, "name": "Ada", "lang": "en"})
    bob = handle(classes, {"op": "join", "code": teacher.code, "name": "Bob", "lang": "en"})
    teacher.ask_lesson("45-trumps", 0)
    before = unchanged(store, teacher.class_id)
    forged = {"op": "answer", "token": ada["token"], "question": 1, "answer": ["AH"], "student": bob["number"]}
    assert "not 'student'" in handle(classes, forged)["error"]
    assert unchanged(store, teacher.class_id) == before
    handle(classes, {"op": "answer", "token": ada["token"], "question": 1, "answer": ["AD"]})
    mine = handle(classes, {"op": "view", "token": bob["token"]})["view"]["question"]["mine"]
    assert mine is None                          # Bob's page sees Bob's answer only: none yet


def test_refusals_are_in_the_pages_language(classes):
    teacher = classes.start()
    french = handle(classes, {"op": "join", "code": "ZZZ-ZZZ", "name": "Zoé", "lang": "fr"})
    assert french["error"] == ("Aucune séance ouverte n'a le code ZZZ-ZZZ\u00a0: vérifiez-le sur l'écran de "
                               "l'enseignant, ou demandez à votre enseignant le code d'une nouvelle séance")
    zoe = handle(classes, {"op": "join", "code": teacher.code, "name": "Zoé", "lang": "fr"})
    teacher.ask_lesson("45-trumps", 0)
    reply = handle(classes, {"op": "answer", "token": zoe["token"], "question": 1, "answer": ["QS"]})
    assert reply == {"error": "'QS' n'est pas l'un des choix de cette question", "field": "answer"}
    taken = handle(classes, {"op": "join", "code": teacher.code, "name": "zoé", "lang": "en"})
    assert taken["error"] == "zoé is already in this class: add an initial or choose another name"


def test_a_removed_student_is_told_in_their_own_language(classes):
    teacher = classes.start()
    zoe = handle(classes, {"op": "join", "code": teacher.code, "name": "Zoé", "lang": "fr"})
    teacher.remove(classes.student(zoe["token"]).id)
    reply = handle(classes, {"op": "view", "token": zoe["token"]})
    assert reply["field"] == "token" and reply["error"].startswith("L'enseignant vous a retiré de cette séance")
    assert handle(classes, {"op": "here", "token": zoe["token"], "page": "tab"})["error"].startswith("L'enseignant")

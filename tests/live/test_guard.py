"""A shared server's class model, on both back-ends: joins limited per client and per class (beyond a limit, refused
with when to try again, before the code is looked up), names that look alike refused as one, and starting a class
asking for the teacher's credential the administrator set (nothing asked where none is set)."""

from __future__ import annotations

import pytest

from atout.i18n import language
from atout.live import limits
from atout.live.classes import Classes
from atout.live.errors import ClassCodeError, StudentNameError
from atout.live.limits import JOINS_BY_CLIENT, JOINS_OF_CLASS, WRONG_CODES, WRONG_PASSCODES, TooManyAttempts
from atout.live.teachers import TeacherCredentialError, TeacherRule, Visitor, hash_passcode

SCHOOL = "198.51.100.7"          # one school's address: every student behind its NAT
ELSEWHERE = "203.0.113.9"


def wrong_code(code: str) -> str:
    """A well-formed code that is not ``code``."""
    return ("Z" if code[0] != "Z" else "Y") + code[1:]


# --- names -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("first, second", [
    ("Bob", "\u0412ob"),            # Cyrillic capital Ve
    ("Bob", "\u0412\u041e\u0412"),  # in Cyrillic capitals
    ("bob", "\u0412ob"),            # looks like "Bob": one name with "bob" in any case
    ("Ada", "Ad\u0430"),            # Cyrillic small a
    ("Olivia", "0LIVIA"),           # a zero for an O, in capitals
    ("Al", "AI"),                   # capital I and small l
    ("Ada1", "Adal"),               # a one and a small l
    ("Emma", "Ernrna"),             # m and rn
    ("Zoé", "Zo\u0435\u0301"),      # Cyrillic e with a combining acute
])
def test_names_that_look_alike_are_one_name(classes, store, first, second):
    teacher = classes.start()
    classes.join(teacher.code, first, "en")
    before = store.row_counts()
    with language("en"), pytest.raises(StudentNameError) as refused:
        classes.join(teacher.code, second, "en")
    assert str(refused.value) == (f"{second} looks like {first}, who is already in this class: add an initial or "
                                  "choose another name")
    assert store.row_counts() == before and [s.name for s in teacher.roster()] == [first]


@pytest.mark.parametrize("first, second", [("Bob", "Rob"), ("Léa", "Lea"), ("Eve", "Eva"), ("Ian", "Jan"),
                                           ("Ada", "Ada B."), ("Zoë", "Zoé")])
def test_names_that_differ_to_the_eye_are_two_names(classes, first, second):
    teacher = classes.start()
    classes.join(teacher.code, first, "en")
    classes.join(teacher.code, second, "en")
    assert [s.name for s in teacher.roster()] == [first, second]


def test_a_name_the_teacher_removed_may_be_taken_again_in_a_look_alike_spelling(classes):
    teacher = classes.start()
    bob = classes.join(teacher.code, "Bob", "en")
    teacher.remove(bob.id)
    assert classes.join(teacher.code, "\u0412ob", "en").name == "\u0412ob"


# --- limits --------------------------------------------------------------------------------------------------------

def test_codes_that_name_no_open_class_are_limited_per_client_then_refused_before_the_code_is_looked_up(
        classes, store, clock):
    teacher = classes.start()
    for _ in range(WRONG_CODES.most):
        with pytest.raises(ClassCodeError, match="No class is open with the code"):
            classes.join(wrong_code(teacher.code), "Ada", "en", client=SCHOOL)
    clock.now += 60
    for code in (wrong_code(teacher.code), teacher.code):        # the right code too: guessing stops here
        with pytest.raises(TooManyAttempts) as refused:
            classes.join(code, "Ada", "fr", client=SCHOOL)
        assert refused.value.message.render("fr") == (
            "Trop de codes de séance ne correspondant à aucune séance ouverte sont venus de votre réseau\u00a0: "
            "réessayez dans 9 minutes, avec le code affiché à l'écran de l'enseignant")
        assert refused.value.wait_s == WRONG_CODES.per_s - 60
    assert teacher.roster() == []
    # Another client is not held back, and the school may try again once the first wrong codes are old enough.
    assert classes.join(teacher.code, "Ada", "en", client=ELSEWHERE).name == "Ada"
    clock.now += WRONG_CODES.per_s - 60
    assert classes.join(teacher.code, "Zoë", "en", client=SCHOOL).name == "Zoë"


def test_a_class_behind_one_address_joins_whole_mistakes_and_all(classes):
    """Thirty students behind one school address, each mistyping the code twice, then joining: no limit is met."""
    teacher = classes.start()
    for n in range(30):
        for _ in range(2):
            with pytest.raises(ClassCodeError):
                classes.join(wrong_code(teacher.code), f"Student {n}", "en", client=SCHOOL)
        classes.join(teacher.code, f"Student {n}", "en", client=SCHOOL)
    assert len(teacher.roster()) == 30


def test_joins_of_one_class_are_limited_from_every_client(classes, clock):
    teacher = classes.start()
    for n in range(JOINS_OF_CLASS.most):
        classes.join(teacher.code, f"Student {n}", "en", client=f"192.0.2.{n}")
    clock.now += 15
    with language("en"), pytest.raises(TooManyAttempts) as refused:
        classes.join(teacher.code, "Late", "en", client="192.0.2.250")
    assert str(refused.value) == (f"Many students are joining the class {teacher.code} at this moment: try again in "
                                  f"{int(JOINS_OF_CLASS.per_s - 15)} seconds")
    other = classes.start()                               # another class is not held back
    assert classes.join(other.code, "Late", "en", client="192.0.2.250").name == "Late"
    clock.now += JOINS_OF_CLASS.per_s
    assert classes.join(teacher.code, "Late", "en", client="192.0.2.250").name == "Late"


def test_every_kernel_and_machine_using_the_store_counts_the_same_attempts(store, where, clock):
    from atout.live.store import open_store

    first = Classes(store, clock=clock)
    teacher = first.start()
    for _ in range(WRONG_CODES.most - 1):
        with pytest.raises(ClassCodeError):
            first.join(wrong_code(teacher.code), "Ada", "en", client=SCHOOL)
    elsewhere = open_store(**where)                  # another kernel: its own connection to the same store
    try:
        second = Classes(elsewhere, clock=clock)
        with pytest.raises(ClassCodeError):
            second.join(wrong_code(teacher.code), "Ada", "en", client=SCHOOL)
        with pytest.raises(TooManyAttempts):
            second.join(teacher.code, "Ada", "en", client=SCHOOL)
    finally:
        elsewhere.close()
    with pytest.raises(TooManyAttempts):
        first.join(teacher.code, "Ada", "en", client=SCHOOL)


def test_the_store_keeps_no_address_and_forgets_old_attempts(classes, store, clock):
    teacher = classes.start()
    with pytest.raises(ClassCodeError):
        classes.join(wrong_code(teacher.code), "Ada", "en", client=SCHOOL)
    kept = store.read("SELECT scope FROM live_attempts")
    assert kept and not any(SCHOOL in scope for (scope,) in kept)
    clock.now += limits.KEPT_S + 1
    classes.join(teacher.code, "Ada", "en", client=ELSEWHERE)
    assert [scope for (scope,) in store.read("SELECT scope FROM live_attempts")] == [
        scope for (scope,) in store.read("SELECT scope FROM live_attempts WHERE at > ?", (clock.now - 1,))]


def test_a_page_is_its_servers_client_or_this_machine(monkeypatch):
    monkeypatch.setenv(limits.CLIENT_ENV, SCHOOL)
    assert limits.page_client() == SCHOOL
    monkeypatch.delenv(limits.CLIENT_ENV)
    assert limits.page_client() == limits.THIS_MACHINE


def test_joins_by_one_client_are_limited_whatever_their_codes(store, clock):
    classes = Classes(store, clock=clock)
    rooms = [classes.start() for _ in range(JOINS_BY_CLIENT.most // JOINS_OF_CLASS.most + 1)]
    joined = 0
    with pytest.raises(TooManyAttempts, match="Too many joins have come from your network"):
        for room in rooms:
            for n in range(JOINS_OF_CLASS.most):
                classes.join(room.code, f"Student {n}", "en", client=SCHOOL)
                joined += 1
    assert joined == JOINS_BY_CLIENT.most


# --- the teacher's credential --------------------------------------------------------------------------------------

PASSCODE = "tulip-harbour-42"


@pytest.fixture(scope="module")
def passcode_rule() -> TeacherRule:
    return TeacherRule(passcode_hash=hash_passcode(PASSCODE))


def test_on_a_laptop_nothing_is_asked_to_start_a_class(store, clock, monkeypatch):
    for name in ("ATOUT_TEACHER_PASSCODE_FILE", "ATOUT_TEACHER_PASSCODE_HASH", "ATOUT_TEACHERS",
                 "ATOUT_TEACHER_GROUP"):
        monkeypatch.delenv(name, raising=False)
    classes = Classes(store, clock=clock)
    assert not classes.teachers.required
    assert classes.start().code


def test_a_server_with_a_passcode_starts_a_class_only_with_it_and_limits_wrong_ones(store, clock, passcode_rule):
    classes = Classes(store, clock=clock, teachers=passcode_rule)
    with language("en"), pytest.raises(TeacherCredentialError, match="Type the teacher passcode to start a class"):
        classes.start(client=SCHOOL)
    for wrong in ("tulip-harbour-43", PASSCODE.upper(), " " + PASSCODE):
        with language("en"), pytest.raises(TeacherCredentialError) as refused:
            classes.start(wrong, client=SCHOOL)
        assert str(refused.value) == ("This is not the teacher passcode of this server: check it (capital letters "
                                      "count), or ask whoever runs Atout at your school")
    assert store.row_counts()["live_classes"] == 0
    teacher = classes.start(PASSCODE, client=SCHOOL)
    assert classes.join(teacher.code, "Ada", "en").name == "Ada"           # students need no passcode
    for _ in range(WRONG_PASSCODES.most - 3):
        with pytest.raises(TeacherCredentialError):
            classes.start("guess", client=SCHOOL)
    with language("en"), pytest.raises(TooManyAttempts, match="Too many wrong teacher passcodes have come from your "
                                                              "network: try again in 10 minutes"):
        classes.start(PASSCODE, client=SCHOOL)
    assert classes.start(PASSCODE, client=ELSEWHERE).code


def test_a_hub_group_makes_its_users_teachers_and_tells_others_why_not(store, clock, passcode_rule):
    rule = TeacherRule(group="teachers")
    classes = Classes(store, clock=clock, teachers=rule)
    assert classes.start(visitor=Visitor("ada", frozenset({"teachers", "maths"}))).code
    with language("en"), pytest.raises(TeacherCredentialError) as refused:
        classes.start(visitor=Visitor("zoe", frozenset({"students"})))
    assert str(refused.value) == ("Only teachers start classes on this server: you are signed in as zoe, who is not in "
                                  "the group teachers. Ask whoever runs Atout at your school to add you to it")
    with language("en"), pytest.raises(TeacherCredentialError, match="it does not know who you are"):
        classes.start(visitor=Visitor())
    by_name = Classes(store, clock=clock, teachers=TeacherRule(users=frozenset({"ben"})))
    assert by_name.start(visitor=Visitor("ben")).code
    with pytest.raises(TeacherCredentialError, match="who is not one of its teachers"):
        by_name.start(visitor=Visitor("zoe"))
    both = Classes(store, clock=clock, teachers=TeacherRule(passcode_rule.passcode_hash, group="teachers"))
    assert both.start(visitor=Visitor("ada", frozenset({"teachers"}))).code          # no passcode asked of them
    with pytest.raises(TeacherCredentialError, match="Type the teacher passcode"):
        both.start(visitor=Visitor("zoe", frozenset()))
    assert both.start(PASSCODE, visitor=Visitor("zoe", frozenset())).code


def test_the_rule_and_the_visitor_are_read_from_the_pages_environment(tmp_path):
    passcode_file = tmp_path / "passcode"
    passcode_file.write_text(PASSCODE + "\n")
    rule = TeacherRule.from_environ({"ATOUT_TEACHER_PASSCODE_FILE": str(passcode_file),
                                     "ATOUT_TEACHERS": " ada, ben ,", "ATOUT_TEACHER_GROUP": "teachers"})
    assert rule.users == {"ada", "ben"} and rule.group == "teachers"
    assert rule.admits(Visitor("zoe"), PASSCODE) and not rule.admits(Visitor("zoe"), "wrong passcode")
    assert PASSCODE not in rule.passcode_hash
    hashed = TeacherRule.from_environ({"ATOUT_TEACHER_PASSCODE_HASH": rule.passcode_hash})
    assert hashed.admits(Visitor(), PASSCODE)
    # The page's own visitor (Atout as one hub service) comes before the owner of the server.
    assert Visitor.from_environ({"JUPYTERHUB_USER": "owner", "ATOUT_HUB_USER": "ada",
                                 "ATOUT_HUB_GROUPS": '["teachers"]'}) == Visitor("ada", frozenset({"teachers"}))

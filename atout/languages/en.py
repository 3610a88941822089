"""English, the source language: names take one form, quotes are curly, spaces ordinary (the ``Grammar`` base)."""

from atout.languages import Grammar


class English(Grammar):
    code = "en"
    autonym = "English"


GRAMMAR = English()

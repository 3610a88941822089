"""Atout: trick-taking card games taught with interactive widgets, every decision explained by its rule."""


def lesson(lesson_id: str):
    """One lesson as widgets in a JupyterLab cell: ``atout.lesson("45-trumps")``.

    The one entry point of the core package that reaches the widgets layer, and only when called (importing
    ``atout`` imports no UI).
    """
    from atout.widgets.page import lesson_widget

    return lesson_widget(lesson_id)

"""Widgets: thin views over core state. A widget never decides a rule: it asks core and shows
the explanation core gives."""

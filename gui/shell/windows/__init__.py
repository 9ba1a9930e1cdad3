"""Windows over the one workspace: any view in a top-level window of its own.

``views`` (what a window can hold), ``view_window`` (a window holding one
view, with the same menus as the main window), ``tabs`` (the main window's
tab widget, whose tabs detach), ``manager`` (the set of windows: open,
detach, attach, cycle, save and restore, rebuild for a new language),
``layouts`` (a lesson's side-by-side layout and the user's back) and
``menu`` (the Window menu every window carries).

Nothing is imported here: ``views`` imports every view, and the lessons
module (one of them) reaches the windows only through the main window.
"""

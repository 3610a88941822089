"""Live class sessions: a teacher starts a class, students join with its code and a name and follow the teacher's
deal; the teacher asks, the students answer on their own pages, core marks every answer, the projector shows the
counts and the teacher reveals the right answer with its rule.

* ``store``: where classes live, shared by every kernel (SQLite in the data folder, or PostgreSQL at
  ``ATOUT_DATABASE_URL``), and how pages learn of a change (``watch``);
* ``classes``: the class model: who may do what, what is refused and why, how long anything is kept;
* ``questions``: the questions (a lesson's, or about the position on the table) and their marking by core;
* ``protocol``: the messages a student's page sends, checked before anything is done;
* ``codes``: class codes; ``pgtemp``: a throwaway PostgreSQL server for the tests and the benchmark.
"""

# A trial of Atout on JupyterHub on one machine, before real accounts: `jupyterhub -f trial_config.py`. Anyone signs in
# with any name and the one password in ATOUT_TRIAL_PASSWORD; every user's server runs as the hub's own system user,
# in /tmp/NAME. Never for real users: a district's hub keeps its own authenticator and spawner, with
# jupyterhub_config.py (loaded here) for Atout.
import os
import sys

c = get_config()  # noqa: F821 - JupyterHub's
load_subconfig(os.path.join(os.path.dirname(os.path.abspath(__file__)), "jupyterhub_config.py"))  # noqa: F821

if not os.environ.get("ATOUT_TRIAL_PASSWORD"):
    sys.exit("trial_config.py: set ATOUT_TRIAL_PASSWORD, the password every trial user signs in with")
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = os.environ["ATOUT_TRIAL_PASSWORD"]
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
# The trial's teachers: ATOUT_TRIAL_TEACHERS=ada,ben puts those names in the group ATOUT_TEACHER_GROUP names.
TRIAL_TEACHERS = [name.strip() for name in os.environ.get("ATOUT_TRIAL_TEACHERS", "").split(",") if name.strip()]
if TRIAL_TEACHERS:
    if not os.environ.get("ATOUT_TEACHER_GROUP", "").strip():
        sys.exit("trial_config.py: ATOUT_TRIAL_TEACHERS names the members of the teachers' group: set "
                 "ATOUT_TEACHER_GROUP to its name too")
    c.JupyterHub.load_groups = {os.environ["ATOUT_TEACHER_GROUP"].strip(): {"users": TRIAL_TEACHERS}}
if os.geteuid() == 0:           # a trial run as root: Jupyter's server refuses root unless told
    c.Spawner.args = ["--allow-root"]

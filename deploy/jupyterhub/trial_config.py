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
if os.geteuid() == 0:           # a trial run as root: Jupyter's server refuses root unless told
    c.Spawner.args = ["--allow-root"]

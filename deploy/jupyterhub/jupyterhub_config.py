# Atout on JupyterHub: `jupyterhub -f jupyterhub_config.py`, from the Python environment where Atout, JupyterHub and
# jupyter-server-proxy are installed (pip install 'atout[hub]'), with configurable-http-proxy (npm) on the PATH.
#
# * Atout for everyone, as one hub service: https://HUB/services/atout/ (one `atout serve`, started and stopped by
#   the hub; the class link a teacher reads out points there).
# * Atout as each user's own server: once signed in, a user lands on Atout's pages in their own server
#   (/user/NAME/atout/, atout.hub), beside JupyterLab.
#
# Both keep live classes in one PostgreSQL database (ATOUT_DATABASE_URL), so a class started on one is joined from
# the other: each user's own server would otherwise keep its classes in its own folder, and refuses to.
#
# With ATOUT_TEACHER_GROUP set (a hub group's name, e.g. teachers), or ATOUT_TEACHERS (hub names, comma-separated),
# only those hub users start classes, on the service and in their own servers; everyone else is not offered "Start a
# class". Students still join with a code and a name, on the service without an account.
# The README's "Deploying Atout" section says how to make the database; tests/deploy/test_jupyterhub.py runs this.
import os
import sys

c = get_config()  # noqa: F821 - JupyterHub's

DATABASE = os.environ.get("ATOUT_DATABASE_URL", "")
if not DATABASE:
    sys.exit("jupyterhub_config.py: set ATOUT_DATABASE_URL to Atout's PostgreSQL database, e.g. "
             "postgresql://atout:PASSWORD@localhost/atout (see Atout's README, Deploying Atout)")
SERVICE_PORT = int(os.environ.get("ATOUT_SERVICE_PORT", "8866"))   # where the service listens, on this machine only
# Pages started ahead for a class arriving at once (course and classroom, each): about 45 MB each while they wait.
POOL = int(os.environ.get("ATOUT_POOL", "16"))
BIN = os.path.dirname(sys.executable)               # this environment's programs, whatever the PATH says
TEACHER_GROUP = os.environ.get("ATOUT_TEACHER_GROUP", "").strip()
TEACHERS = os.environ.get("ATOUT_TEACHERS", "").strip()

c.JupyterHub.services = [{
    "name": "atout",
    "url": f"http://127.0.0.1:{SERVICE_PORT}",
    "command": [sys.executable, "-m", "atout.cli", "serve", f"--port={SERVICE_PORT}",
                "--base-url=/services/atout/", f"--pool={POOL}",
                "--behind-proxy"],     # each visitor is the address the hub's proxy says, not the proxy's
    "environment": {"ATOUT_DATABASE_URL": DATABASE},
    "display": True,            # listed under Services in the hub's menu
}]
# JupyterHub lists a service only to the users who may open it: every signed-in user sees Atout there (its pages ask
# for no sign-in, so this opens nothing more).
c.JupyterHub.load_roles = [{"name": "user", "scopes": ["self", "access:services!service=atout"]}]

c.Spawner.cmd = [os.path.join(BIN, "jupyterhub-singleuser")]
c.Spawner.default_url = "/atout/voila/render/index.ipynb"      # atout.hub.DEFAULT_URL
c.Spawner.environment = {"ATOUT_DATABASE_URL": DATABASE}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120

if TEACHER_GROUP or TEACHERS:
    # The service asks the hub who each visitor signed in to the hub is (its OAuth, without a question to them), and
    # lets anyone else in as an anonymous visitor: a student needs no account (atout/hub_identity.py).
    service = c.JupyterHub.services[0]
    service["command"] += ["--Voila.identity_provider_class=atout.hub_identity.HubVisitors"]
    service["oauth_no_confirm"] = True
    if TEACHER_GROUP:
        service["command"] += [f"--teacher-group={TEACHER_GROUP}"]
    if TEACHERS:
        service["environment"]["ATOUT_TEACHERS"] = TEACHERS
    # A user's own server: JupyterHub names its user (JUPYTERHUB_USER); their groups are given here, as it starts
    # (a user added to the group starts classes from their next server).
    c.Spawner.environment.update({name: value for name, value in (("ATOUT_TEACHER_GROUP", TEACHER_GROUP),
                                                                   ("ATOUT_TEACHERS", TEACHERS)) if value})

    def pass_the_users_groups(spawner):
        import json

        spawner.environment["ATOUT_HUB_GROUPS"] = json.dumps([group.name for group in spawner.user.groups])

    c.Spawner.pre_spawn_hook = pass_the_users_groups      # a hook of your own config: have it call this one too

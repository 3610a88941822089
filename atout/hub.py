"""Atout under JupyterHub, as each user's own server: the single-user server (``jupyterhub-singleuser``) opens
Atout's pages at ``/user/<name>/atout/``, through jupyter-server-proxy, which finds Atout by its entry point
(``jupyter_serverproxy_servers`` in pyproject.toml: ``proxied_site``) in any environment where both are installed
(``pip install 'atout[hub]'``). The hub sends each user there once signed in: ``c.Spawner.default_url = DEFAULT_URL``
(``deploy/jupyterhub/jupyterhub_config.py``; Zero to JupyterHub's ``singleuser.defaultUrl``).

Why a proxied ``atout serve`` and not Voilà's extension of the user's server: the site is Voilà with Atout's own
handling (``atout.serve``: kernels forked from one process, the pages' heartbeat, preheated pages, its template),
which only ``atout serve`` runs; and the hub's own sign-in guards the user's server, so a user's Atout is reached by
that user alone (a plain ``atout serve`` started as the user's server would answer anyone who has its address).

The user's server is theirs alone, so no page is started ahead (``--pool 0``): each page's kernel is forked when it
is opened (0.2 to 0.4 s of CPU), and a signed-in user who opens nothing costs the server and its fork server only.
A live class there needs the store every user's server shares (``ATOUT_DATABASE_URL``), else it is refused
(``atout.live.store.hub_user_without_shared_store``).
"""

from __future__ import annotations

import sys
from typing import Any

PROXY_NAME = "atout"                            # the path under the user's server, and the launcher's entry
DEFAULT_URL = f"/{PROXY_NAME}/voila/render/index.ipynb"   # where the hub sends a user: Atout's home page
START_S = 120.0                                 # a loaded server may take a while to start Voilà and its fork server


def proxied_site() -> dict[str, Any]:
    """jupyter-server-proxy's settings for Atout (its ``jupyter_serverproxy_servers`` entry point): ``atout serve``
    on a free port, under the user's server's own path, told its whole address (``absolute_url``)."""
    return {
        "command": [sys.executable, "-m", "atout.cli", "serve", "--port={port}",
                    "--base-url={base_url}" + PROXY_NAME + "/", "--pool=0"],
        "timeout": START_S,
        "absolute_url": True,
        "launcher_entry": {"title": "Atout", "path_info": DEFAULT_URL.lstrip("/")},
    }

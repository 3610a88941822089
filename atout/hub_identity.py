"""Who visits Atout's hub service, as JupyterHub says, without asking students for an account.

Atout as one hub service for everyone (``deploy/jupyterhub/jupyterhub_config.py``) needs to know its teachers where
the administrator names them (``--teacher-group``, ``ATOUT_TEACHERS``: ``atout.live.teachers``), and JupyterHub's own
identity provider (``JupyterHubIdentityProvider``) knows who a visitor is through the hub's OAuth. But it also turns
away whoever the hub does not know, sending them to the hub's sign-in: a student following the class's link without
an account could no longer join. So here:

* a browser signed in to the hub (it has the hub's session cookie, which JupyterHub leaves readable by its services)
  is sent through the hub's OAuth, at once and without a question (``oauth_no_confirm``), and comes back known: its
  name and groups reach its pages' kernels (``atout.server_guard.visit_environment``);
* any other browser is an anonymous visitor, as on a server without the hub: it joins classes with a code and a
  name, and may not start one where teachers are required.

Named on ``atout serve``'s command line: ``--Voila.identity_provider_class=atout.hub_identity.HubVisitors``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from jupyterhub.singleuser.extension import JupyterHubIdentityProvider, JupyterHubOAuthCallbackHandler

HUB_SESSION_COOKIE = "jupyterhub-session-id"    # JupyterHub's, on the hub's whole path and not encrypted


class HubVisitors(JupyterHubIdentityProvider):
    """The hub's user for a browser signed in to the hub; an anonymous visitor for any other."""

    def __init__(self, token: str | None = None, **kwargs: Any) -> None:
        # Voilà hands its identity provider a token of its own (none, for Atout); this one's is the service's API token
        # from the hub (JupyterHub's ``token`` property): passed on, it was only a deprecation warning in the log.
        super().__init__(**kwargs)

    async def get_user(self, handler: Any) -> Any:
        user = await super().get_user(handler)
        if user is not None or handler.get_cookie(HUB_SESSION_COOKIE):
            return user              # None: the page's sign-in goes through the hub's OAuth (the hub's login page)
        anonymous = self.generate_anonymous_user(handler)
        handler._jupyterhub_user = anonymous       # asked again within the request: the same answer
        return anonymous

    def get_handlers(self) -> list[tuple[str, type, dict[str, Any]]]:
        """The hub's OAuth comes back to the service's own path (``JUPYTERHUB_OAUTH_CALLBACK_URL``,
        ``/services/atout/oauth_callback``); JupyterHub's provider answers at the server's root, ``/oauth_callback``,
        which Voilà does not put under its base URL."""
        return [(urlparse(self.hub_auth.oauth_redirect_uri).path, JupyterHubOAuthCallbackHandler,
                 {"hub_auth": self.hub_auth})]

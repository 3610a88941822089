"""The Zero to JupyterHub recipe (``deploy/kubernetes``), checked as far as a machine without a cluster allows: the
values file merged into the chart's own defaults as Helm merges them, then checked against the chart's schema (both
from the chart's repository, ``tests/data/z2jh``, with its licence); the values and the shared Atout's manifests
agree with each other and with Atout (the service's address and base URL, the users' default URL, the one database
secret). Not checked here: Helm rendering the chart's templates, the Kubernetes API accepting the manifests, the
image building, a cluster running any of it.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest
import yaml

from atout.hub import DEFAULT_URL
from tests.deploy.conftest import DEPLOY, ROOT

CHART = ROOT / "tests" / "data" / "z2jh"
RECIPE = DEPLOY / "kubernetes"
SERVICE_PATH = "/services/atout/"


def coalesced(defaults: Any, values: Any) -> Any:
    """The chart's values as Helm makes them: the user's maps merged into the defaults' key by key, anything else
    (a list, a string) replacing the default, and a null removing the default's key."""
    if not (isinstance(defaults, dict) and isinstance(values, dict)):
        return copy.deepcopy(values)
    merged = copy.deepcopy(defaults)
    for key, value in values.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = coalesced(defaults.get(key), value)
    return merged


def chart_values(values: dict) -> dict:
    return coalesced(yaml.safe_load((CHART / "values.yaml").read_text()), values)


def schema_errors(values: dict) -> list[str]:
    schema = json.loads((CHART / "values.schema.json").read_text())
    return [f"{'.'.join(map(str, error.absolute_path))}: {error.message}"
            for error in jsonschema.Draft7Validator(schema).iter_errors(chart_values(values))]


@pytest.fixture(scope="module")
def values() -> dict:
    return yaml.safe_load((RECIPE / "values.yaml").read_text())


@pytest.fixture(scope="module")
def manifests() -> dict[str, dict]:
    return {doc["kind"]: doc for doc in yaml.safe_load_all((RECIPE / "atout-service.yaml").read_text())}


def test_the_values_fit_the_charts_schema(values):
    assert schema_errors(values) == []


@pytest.mark.parametrize("mistake", [
    {"singleuser": {"defaultURL": DEFAULT_URL}},                      # a key the chart does not have
    {"singleuser": {"memory": {"limit": "1G", "max": "2G"}}},
    {"singleuser": {"image": {"tag": 1.0}}},                           # YAML's 1.0 unquoted: a number
])
def test_the_schema_check_finds_a_mistake(values, mistake):
    assert schema_errors(coalesced(values, mistake))


def test_users_and_the_shared_atout_open_atout_on_one_class_database(values, manifests):
    single = values["singleuser"]
    assert single["defaultUrl"] == DEFAULT_URL
    deployment, service = manifests["Deployment"], manifests["Service"]
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    command = container["command"]
    assert command[:2] == ["atout", "serve"] and f"--base-url={SERVICE_PATH}" in command
    port = next(int(arg.split("=")[1]) for arg in command if arg.startswith("--port="))
    assert container["ports"][0]["containerPort"] == port
    assert values["hub"]["services"]["atout"]["url"] == f"http://{service['metadata']['name']}:{port}"
    assert service["spec"]["ports"][0]["port"] == port
    assert service["spec"]["selector"] == deployment["spec"]["template"]["metadata"]["labels"]
    assert deployment["spec"]["replicas"] == 1          # a page's requests must all reach the one server
    users = single["extraEnv"]["ATOUT_DATABASE_URL"]["valueFrom"]["secretKeyRef"]
    shared = next(env for env in container["env"] if env["name"] == "ATOUT_DATABASE_URL")["valueFrom"]["secretKeyRef"]
    assert users == shared
    assert container["image"] == f"{single['image']['name']}:{single['image']['tag']}"
    # the chart keeps users' servers from private addresses: the database's port is let through
    assert any(port.get("port") == 5432 for rule in single["networkPolicy"]["egress"] for port in rule["ports"])

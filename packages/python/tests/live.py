"""What the tests need from a running Conduit server, from the environment.

The repository's test run (apps/server/src/modules/docs/python-sdk.test.ts) starts a server on the
local engine, creates the accounts and keys below and runs ``python3 -m unittest`` with them.
"""

import os
import uuid

from conduitapi import Conduit

_NEEDED = {
    "CONDUIT_BASE_URL": "the server's base URL",
    "CONDUIT_API_KEY": "a key of an account with at least 100 credits",
    "CONDUIT_TEST_POOR_KEY": "a key of an account with 3 credits",
    "CONDUIT_TEST_LIMITED_KEY": "a key of an account limited to 1 request per minute",
    "CONDUIT_TEST_IMAGE_ONLY_KEY": "a key allowed only the image service, of an account with 5 credits",
    "CONDUIT_TEST_WEBHOOK_SECRET": "the webhook signing secret of CONDUIT_API_KEY's workspace",
}


def env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise RuntimeError(f"Set {name}: {_NEEDED.get(name, name)} (see packages/python/README.md)")
    return value


def client(key_variable: str = "CONDUIT_API_KEY") -> Conduit:
    return Conduit(api_key=env(key_variable), base_url=env("CONDUIT_BASE_URL"))


def new_key() -> str:
    return str(uuid.uuid4())

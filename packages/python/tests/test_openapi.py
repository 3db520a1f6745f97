"""The package against the server's OpenAPI document: an endpoint, a body field or an answer field
of the document without its counterpart in the package fails here, so the SDK cannot drift."""

import dataclasses
import inspect
import json
import typing
import unittest
import urllib.request
from typing import Any, Dict, List, Set

import conduitapi.models
from conduitapi import AsyncConduit, Conduit, EventType
from conduitapi.models import EVENT_CLASSES
from conduitapi.errors import error_from_answer
from conduitapi.models import snake_case

from .live import env
from .stand_in import QuietHandler, serve

HELPERS = {
    "wait_for_task", "with_options", "iter_linkedin_posts", "iter_tasks", "iter_requests", "iter_events",
    "download_result_file",
}
#: Result files are downloads at the URLs answers give: `download_result_file` fetches them.
DOWNLOAD_OPERATION = "downloadResultFile"
#: Error body fields that are the exception's own: `error` is its message, `success` is always false.
ERROR_FIELD_NAMES = {"error": "message", "success": None}


def load_document() -> Dict[str, Any]:
    with urllib.request.urlopen(env("CONDUIT_BASE_URL") + "/api/openapi.json") as response:
        return json.load(response)


DOCUMENT = load_document()


def resolve(schema: Dict[str, Any]) -> Dict[str, Any]:
    ref = schema.get("$ref")
    if not ref:
        return schema
    return DOCUMENT["components"]["schemas"][ref.rsplit("/", 1)[-1]]


def operations() -> List[Dict[str, Any]]:
    found = []
    for path, item in DOCUMENT["paths"].items():
        if not path.startswith("/api/"):
            continue
        for method, operation in item.items():
            found.append({**operation, "path": path, "method": method.upper()})
    return found


def header_parameters(operation: Dict[str, Any]) -> List[str]:
    names = []
    for parameter in operation.get("parameters", []):
        ref = parameter.get("$ref")
        if ref:
            parameter = DOCUMENT["components"]["parameters"][ref.rsplit("/", 1)[-1]]
        if parameter.get("in") == "header":
            names.append(parameter["name"])
    return names


def body_schemas(operation: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The operation's body schema, or each model's when the body is any of several (image, video);
    ``[{}]`` when it takes no body."""
    content = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    schema = resolve(content.get("schema", {}))
    return [resolve(option) for option in schema["anyOf"]] if "anyOf" in schema else [schema]


def sample(schema: Dict[str, Any]) -> Any:
    """A valid value of a property's schema, to send through the SDK."""
    schema = resolve(schema)
    if "const" in schema:
        return schema["const"]
    if "anyOf" in schema:
        return sample(schema["anyOf"][-1])
    if "enum" in schema:
        return schema["enum"][-1]
    kind = schema.get("type")
    if kind == "array":
        return [sample(schema.get("items", {}))]
    if kind == "integer":
        return schema.get("minimum", 1)
    if kind == "boolean":
        return True
    if schema.get("format") == "uri":
        return "https://example.com/file.png"
    return "sample"


def dataclass_of(hint: Any) -> Any:
    """The dataclass a (possibly Optional / List) annotation holds, or None."""
    if dataclasses.is_dataclass(hint):
        return hint
    for arg in typing.get_args(hint):
        found = dataclass_of(arg)
        if found:
            return found
    return None


class Recorder:
    """A stand-in server that records the one request and answers `{success: true, data: {...}}`."""

    def __init__(self) -> None:
        self.requests: List[Dict[str, Any]] = []
        recorder = self

        class Handler(QuietHandler):
            def handle_any(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                body = self.rfile.read(length) if length else b""
                recorder.requests.append(
                    {"method": self.command, "path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body}
                )
                data = {
                    "taskId": "task_x",
                    "status": "completed",
                    "message": "ok",
                    "creditsUsed": 0,
                    "timestamp": "2026-01-01T00:00:00.000Z",
                    "engine": {"engine": "local", "isDevelopmentEngine": True},
                    # A cancel's and a quote's fields (the task's ones are left out of theirs).
                    "outcome": "canceled",
                    "creditsRefunded": 0,
                    "credits": 1,
                    "quoteId": "quo_x",
                    "expiresAt": "2026-01-01T00:00:00.000Z",
                }
                account = {
                    "keyName": "k",
                    "workspace": {"id": "w", "kind": "personal", "name": None},
                    "balance": 1,
                    "tier": "free",
                    "limits": {"perMinute": 1, "perHour": 1, "perDay": 1},
                    "remaining": {"minute": 1, "hour": 1, "day": 1},
                    "key": {
                        "permissions": ["image"],
                        "spendLimit": None,
                        "spent": 0,
                        "spentResetsAt": None,
                        "rateLimitPerMinute": None,
                        "expiresAt": None,
                    },
                    "engine": data["engine"],
                }
                model = {
                    "id": "kling-2.6",
                    "service": "video",
                    "name": "Kling 2.6",
                    "credits": 12,
                    "variants": [
                        {"variant": "5s", "label": "5 s", "when": {"duration": 5, "sound": False}, "credits": 12}
                    ],
                    "isDefault": False,
                    "capabilities": ["text-to-video"],
                    "maxDurationS": 1800,
                    "requestSchema": {"type": "object"},
                }
                route = self.path.split("?")[0]
                upload = {
                    "id": "upl_x",
                    "url": "https://example.com/files/uploads/upl_x/a.png?expires=1&signature=s",
                    "contentType": "image/png",
                    "bytes": 8,
                    "expiresAt": "2026-01-01T00:00:00.000Z",
                }
                if "/files" in route:
                    found: Any = (
                        [upload] if self.command == "GET" else {"id": "upl_x", "deleted": True} if self.command == "DELETE" else upload
                    )
                    answer = json.dumps({"success": True, "data": found})
                elif route.endswith("/tasks"):
                    answer = json.dumps({"success": True, "data": [data], "nextCursor": None})
                elif route.endswith("/usage"):
                    answer = json.dumps({"success": True, "data": [{"value": None, "calls": 1, "credits": 1}]})
                elif route.endswith("/requests"):
                    answer = json.dumps({"success": True, "data": [], "nextCursor": None})
                elif route.endswith("/events"):
                    answer = json.dumps({"success": True, "data": [], "nextCursor": None})
                elif route.endswith("/models"):
                    answer = json.dumps({"success": True, "data": [model]})
                else:
                    answer = json.dumps({"success": True, "data": account if self.path.endswith("/me") else data})
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.end_headers()
                self.wfile.write(answer.encode())

        self.server, self.url = serve(Handler)


class OpenApiTest(unittest.TestCase):
    def assert_dataclass_covers(self, schema: Dict[str, Any], cls: Any, where: str) -> None:
        schema = resolve(schema)
        self.assertTrue(dataclasses.is_dataclass(cls), f"{where}: no dataclass for {schema}")
        fields = {field.name for field in dataclasses.fields(cls)}
        hints = typing.get_type_hints(cls, vars(conduitapi.models))
        for name, property_schema in schema.get("properties", {}).items():
            attribute = snake_case(name)
            self.assertIn(attribute, fields, f"{where}.{name} has no field {cls.__name__}.{attribute}")
            property_schema = resolve(property_schema)
            nested = property_schema.get("items", {}) if property_schema.get("type") == "array" else property_schema
            nested = resolve(nested)
            if nested.get("type") == "object" and "properties" in nested:
                self.assert_dataclass_covers(nested, dataclass_of(hints[attribute]), f"{where}.{name}")

    def test_every_operation_has_a_method_and_every_method_an_operation(self) -> None:
        ids = {snake_case(operation["operationId"]) for operation in operations()}
        methods = {
            name for name, _ in inspect.getmembers(Conduit, inspect.isfunction) if not name.startswith("_")
        } - HELPERS
        self.assertEqual(methods, ids)

    def test_each_method_sends_every_documented_field_to_its_path(self) -> None:
        """Each body (each model's, for image and video) through its method: a field is a parameter
        of its snake_case name, else a keyword argument under its API name (a model's own field)."""
        recorder = Recorder()
        self.addCleanup(recorder.server.shutdown)
        client = Conduit(api_key="cnd_live_contract", base_url=recorder.url)
        for operation in operations():
            name = snake_case(operation["operationId"])
            if name == "upload_file":
                continue  # A multipart form, not a JSON body: test_upload_file_sends_a_multipart_form.
            method = getattr(client, name)
            parameters = inspect.signature(method).parameters
            takes_fields = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
            for schema in body_schemas(operation):
                model = schema.get("properties", {}).get("model", {}).get("const")
                with self.subTest(operation=name, model=model):
                    arguments: Dict[str, Any] = {}
                    expected: Dict[str, Any] = {}
                    if "{taskId}" in operation["path"]:
                        arguments["task_id"] = "task_x"
                    if "{fileId}" in operation["path"]:
                        arguments["file_id"] = "upl_x"
                    for field, property_schema in schema.get("properties", {}).items():
                        parameter = snake_case(field)
                        if parameter not in parameters:
                            self.assertTrue(takes_fields, f"{name} has no parameter for {field}")
                            parameter = field
                        arguments[parameter] = expected[field] = sample(property_schema)
                    is_paid = "Idempotency-Key" in header_parameters(operation)
                    if is_paid:
                        self.assertIn("idempotency_key", parameters, f"{name} takes no idempotency_key")
                        arguments["idempotency_key"] = "retry-1"
                    method(**arguments)
                    request = recorder.requests.pop()
                    self.assertEqual(request["method"], operation["method"])
                    self.assertEqual(
                        request["path"], operation["path"].replace("{taskId}", "task_x").replace("{fileId}", "upl_x")
                    )
                    self.assertEqual(request["headers"].get("x-api-key"), "cnd_live_contract")
                    self.assertEqual(request["headers"].get("conduit-version"), DOCUMENT["info"]["version"])
                    self.assertEqual(json.loads(request["body"]) if request["body"] else {}, expected)
                    self.assertEqual(request["headers"].get("idempotency-key"), "retry-1" if is_paid else None)

    def test_upload_file_sends_a_multipart_form(self) -> None:
        recorder = Recorder()
        self.addCleanup(recorder.server.shutdown)
        client = Conduit(api_key="cnd_live_contract", base_url=recorder.url)
        png = b"\x89PNG\r\n\x1a\n" + b"x" * 8
        upload = client.upload_file(png)
        self.assertEqual(upload.content_type, "image/png")
        request = recorder.requests.pop()
        self.assertEqual((request["method"], request["path"]), ("POST", "/api/provider/files"))
        self.assertTrue(request["headers"]["content-type"].startswith("multipart/form-data; boundary="))
        self.assertIn(b'name="file"', request["body"])
        self.assertIn(png, request["body"])
        self.assertIsNone(request["headers"].get("idempotency-key"))

    def test_each_answer_field_has_a_dataclass_field(self) -> None:
        for operation in operations():
            name = snake_case(operation["operationId"])
            with self.subTest(operation=name):
                answer = resolve(operation["responses"]["200"]["content"]["application/json"]["schema"])
                returned = typing.get_type_hints(getattr(Conduit, name), vars(conduitapi.models))["return"]
                data = resolve(answer["properties"]["data"])
                if data.get("type") == "array":
                    # A list; a page also has `nextCursor` beside it.
                    if "nextCursor" in answer["properties"]:
                        fields = {field.name for field in dataclasses.fields(returned)}
                        self.assertIn("next_cursor", fields, name)
                    item = dataclass_of(typing.get_type_hints(returned, vars(conduitapi.models))["data"])
                    self.assert_dataclass_covers(data["items"], item, f"{name}.data[]")
                else:
                    self.assert_dataclass_covers(data, returned, name)

    def test_every_error_field_is_an_attribute_of_conduit_error(self) -> None:
        error = error_from_answer(400, {}, {})
        for field in DOCUMENT["components"]["schemas"]["ApiError"]["properties"]:
            attribute = ERROR_FIELD_NAMES.get(field, snake_case(field))
            if attribute:
                self.assertTrue(hasattr(error, attribute), f"ConduitError has no {attribute} for {field}")

    def test_every_webhook_event_has_every_field(self) -> None:
        self.assertEqual(set(DOCUMENT["webhooks"]), set(EVENT_CLASSES), "the documented event types")
        self.assertEqual(set(typing.get_args(EventType)), set(DOCUMENT["webhooks"]))
        for event_type, hook in DOCUMENT["webhooks"].items():
            with self.subTest(event=event_type):
                schema = resolve(hook["post"]["requestBody"]["content"]["application/json"]["schema"])
                cls = EVENT_CLASSES[event_type]
                self.assert_dataclass_covers(schema, cls, event_type)
                documented = schema["properties"]["type"]
                types = set(documented["enum"]) if "enum" in documented else {documented["const"]}
                hint = typing.get_type_hints(cls, vars(conduitapi.models))["type"]
                self.assertEqual(set(typing.get_args(hint)), types, f"{cls.__name__}.type")

    def test_request_enums_are_literals_of_exactly_the_documented_values(self) -> None:
        """A parameter's Literal is every value any body of its method takes under that name (the
        image and video methods' ``model`` is every model, their ``aspect_ratio`` every model's)."""
        checked = 0
        for operation in operations():
            name = snake_case(operation["operationId"])
            hints = typing.get_type_hints(getattr(Conduit, name), vars(conduitapi.models))
            documented: Dict[str, Set[Any]] = {}
            for schema in body_schemas(operation):
                for field, property_schema in schema.get("properties", {}).items():
                    values = property_schema.get("enum", [property_schema["const"]] if "const" in property_schema else None)
                    if values is not None and snake_case(field) in hints:
                        documented.setdefault(snake_case(field), set()).update(values)
            for parameter, values in documented.items():
                hint = hints[parameter]
                if typing.get_origin(hint) is not typing.Literal:
                    hint = [arg for arg in typing.get_args(hint) if arg is not type(None)][0]
                self.assertEqual(set(typing.get_args(hint)), values, f"{name}.{parameter}")
                checked += 1
        self.assertGreaterEqual(checked, 6)

    def test_the_async_client_has_the_same_methods_and_parameters(self) -> None:
        for name, method in inspect.getmembers(Conduit, inspect.isfunction):
            if name.startswith("_"):
                continue
            twin = getattr(AsyncConduit, name, None)
            self.assertIsNotNone(twin, f"AsyncConduit has no {name}")
            self.assertEqual(
                list(inspect.signature(method).parameters), list(inspect.signature(twin).parameters), name
            )

    def test_the_async_client_awaits_and_the_raw_responses_answer_every_endpoint(self) -> None:
        """Each client and its ``with_raw_response`` have every endpoint method: the asynchronous
        ones are coroutine functions, the asynchronous paging helpers async generators."""
        ids = {snake_case(operation["operationId"]) for operation in operations()}
        conduit = Conduit(api_key="cnd_live_contract", base_url="http://127.0.0.1:9")
        async_conduit = AsyncConduit(api_key="cnd_live_contract", base_url="http://127.0.0.1:9")
        for name in ids:
            with self.subTest(method=name):
                self.assertFalse(inspect.iscoroutinefunction(getattr(conduit, name)))
                self.assertFalse(inspect.iscoroutinefunction(getattr(conduit.with_raw_response, name)))
                self.assertTrue(inspect.iscoroutinefunction(getattr(async_conduit, name)))
                self.assertTrue(inspect.iscoroutinefunction(getattr(async_conduit.with_raw_response, name)))
        for name in HELPERS:
            with self.subTest(helper=name):
                is_iterator = name.startswith("iter_")
                self.assertEqual(inspect.isasyncgenfunction(getattr(async_conduit, name)), is_iterator)

    def test_result_files_are_documented_and_downloaded_by_a_helper(self) -> None:
        operation = DOCUMENT["paths"]["/files/{taskId}/{name}"]["get"]
        self.assertEqual(operation["operationId"], DOWNLOAD_OPERATION)
        self.assertEqual({"200", "206", "404", "410", "416"}, set(operation["responses"]))
        self.assertTrue(callable(getattr(Conduit, snake_case(DOWNLOAD_OPERATION))))


if __name__ == "__main__":
    unittest.main()

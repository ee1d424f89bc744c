"""`pe-clock model PATH [--json]`: what a model's own files say about its positions."""

from __future__ import annotations

import argparse
import json
from typing import Any

from pe_clock.cli.code import write_stdout
from pe_clock.cli.parser import fail
from pe_clock.core.models.describe import describe_text, model_json
from pe_clock.core.models.opened import open_model


def run_model(args: argparse.Namespace) -> int:
    """Print the model's positions; a path that cannot be read exits 2 with one line."""
    prog = "pe-clock model"
    try:
        model = open_model(args.path)
    except ValueError as err:
        return fail(str(err), 2, prog)
    if args.json:
        data: dict[str, Any] = model_json(model)
        return write_stdout(json.dumps(data, indent=2, ensure_ascii=False) + "\n", prog)
    return write_stdout(describe_text(model), prog)

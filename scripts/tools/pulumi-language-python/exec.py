"""Runs a Pulumi Python program for the stand-in Python language host (main.go beside this file).

scripts/tools/pulumi-engine installs this file beside the host as `pulumi-language-python-exec`, where Pulumi's
host keeps its own exec script, and the host runs it with the project's Python:

    python pulumi-language-python-exec --monitor A --engine B --project P --stack S --pwd DIR \
        --dry_run true --parallel N [--organization O] [--root_directory R] PROGRAM [ARGS...]

It does what Pulumi's does: load the stack's configuration from the environment (PULUMI_CONFIG,
PULUMI_CONFIG_SECRET_KEYS), configure the `pulumi` library's runtime with these settings, and run the
program as `__main__` inside the runtime's stack, on an event loop whose thread pool follows --parallel.
"""

import argparse
import asyncio
import logging
import os
import runpy
import sys
import traceback
from concurrent.futures import ThreadPoolExecutor

try:
    import pulumi
    import pulumi.runtime
except ImportError:
    print(traceback.format_exc(), file=sys.stderr)
    print(
        "The `pulumi` package is not installed in the Python environment the program runs with (the "
        "project's `virtualenv` option, else python3 on PATH): pip install pulumi",
        file=sys.stderr,
    )
    sys.exit(1)

# Tells the host that the error has been reported to the engine already: it shows no other.
EXIT_AFTER_REPORTED_ERROR = 32

SETTINGS = ("project", "root_directory", "stack", "parallel", "dry_run", "pwd", "monitor", "engine",
            "tracing", "organization")


def user_traceback(main: str) -> str:
    """The current exception's traceback from the program's main file on: the frames before it are the
    runner's and the runtime's. (Its folder is no guide: the project's virtualenv often sits in it.)"""
    frames = traceback.extract_tb(sys.exc_info()[2])
    for index, frame in enumerate(frames):
        if os.path.abspath(frame.filename) == main:
            return traceback.format_exc(limit=-(len(frames) - index))
    return traceback.format_exc()


def main() -> int:
    parser = argparse.ArgumentParser(description="Run a Pulumi Python program")
    for name in SETTINGS:
        parser.add_argument("--" + name)
    parser.add_argument("PROGRAM")
    parser.add_argument("ARGS", nargs="*")
    args = parser.parse_args()

    pulumi.runtime.set_all_config(pulumi.runtime.get_config_env(), pulumi.runtime.get_config_secret_keys_env())
    parallel = int(args.parallel or 0)
    pulumi.runtime.configure(
        pulumi.runtime.Settings(
            project=args.project,
            stack=args.stack,
            monitor=args.monitor,
            engine=args.engine,
            parallel=parallel,
            dry_run=args.dry_run == "true",
            organization=args.organization,
            root_directory=args.root_directory,
        )
    )

    sys.argv = [args.PROGRAM] + args.ARGS
    if args.pwd:
        os.chdir(args.pwd)
    program = os.path.abspath(args.PROGRAM)
    main = os.path.join(program, "__main__.py") if os.path.isdir(program) else program
    if not os.path.isfile(main):
        pulumi.log.error(f"unable to find the main Python program `{main}`")
        return EXIT_AFTER_REPORTED_ERROR

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    # The runtime's blocking calls (RPCs to the engine) run in this pool, Pulumi's size for --parallel.
    executor = ThreadPoolExecutor(max_workers=max(parallel, 1) * 4)
    loop.set_default_executor(executor)
    # A failed program leaves futures never awaited by design; asyncio's complaints about them are noise.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    try:
        loop.run_until_complete(pulumi.runtime.run_in_stack(lambda: runpy.run_path(program, run_name="__main__")))
        return 0
    except pulumi.RunError as error:
        pulumi.log.error(str(error))
        return EXIT_AFTER_REPORTED_ERROR
    except Exception:  # noqa: BLE001 - any failure of the program is reported to the user, not raised
        pulumi.log.error("Program failed with an unhandled exception:\n" + user_traceback(main))
        return EXIT_AFTER_REPORTED_ERROR
    finally:
        executor.shutdown(wait=True)
        loop.close()
        sys.stdout.flush()
        sys.stderr.flush()


if __name__ == "__main__":
    sys.exit(main())

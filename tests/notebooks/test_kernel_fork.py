"""The site's kernels forked from the fork server (``atout.kernel_fork``): each is what a kernel spawned as a new
process would be (its environment, folder, session, signals, comm targets), the server's own child, and outlives the
fork server; what the fork server loaded ahead is taken only while it is still what the kernel would load.

Each test runs in a Python of its own, which becomes a subreaper as the site's server does."""

import json
import textwrap

from tests.programs import printed_by_a_new_process

KERNELS = textwrap.dedent('''
    import asyncio, json, os, sys, tempfile
    from jupyter_client.manager import AsyncKernelManager
    from atout import kernel_fork

    said = {}

    async def run(client, code):
        out = []
        def hook(msg):
            if msg["msg_type"] == "stream":
                out.append(msg["content"]["text"])
        reply = await client.execute_interactive(code, timeout=60, output_hook=hook)
        return reply["content"], "".join(out).strip()

    os.environ["JUPYTER_DEFAULT_PROVISIONER_NAME"] = kernel_fork.PROVISIONER

    async def start(folder, mark):
        manager = AsyncKernelManager(kernel_name="python3")
        await manager.start_kernel(env={**os.environ, "ATOUT_TEST_MARK": mark}, cwd=folder)
        client = manager.client()
        client.start_channels()
        await client.wait_for_ready(timeout=60)
        return manager, client

    async def main():
        folder = os.path.realpath(tempfile.mkdtemp())
        manager, client = await start(folder, "first")
        pid = manager.provisioner.pid
        _reply, printed = await run(client, (
            "import os, sys, comm\\n"
            "print(os.environ['ATOUT_TEST_MARK'], os.getcwd(), os.getppid(), os.getsid(0) == os.getpid(), "
            "'pandas' in sys.modules, 'jupyter.widget.control' in comm.get_comm_manager().targets)"))
        said["printed"] = printed.split()
        said["me"] = [str(os.getpid()), folder]
        said["connection_file_found"] = kernel_fork.connection_file_of(pid) == manager.connection_file
        said["forked"] = b"atout.kernel_fork" in open(f"/proc/{pid}/cmdline", "rb").read()

        pending = client.execute("import time; time.sleep(60)")
        await asyncio.sleep(1.0)                 # the cell is running: the interrupt finds it there
        await manager.interrupt_kernel()
        while True:
            msg = await client.get_shell_msg(timeout=30)
            if msg["parent_header"].get("msg_id") == pending:
                break
        said["interrupted"] = msg["content"].get("ename")

        fork_server = kernel_fork.ForkServer.instance()
        fork_server._process.kill()
        fork_server._process.wait()
        _reply, printed = await run(client, "print('still here')")
        said["after_fork_server_died"] = printed

        second, second_client = await start(folder, "second")
        _reply, printed = await run(second_client, "import os, sys; print(os.environ['ATOUT_TEST_MARK'], "
                                                     "'pandas' in sys.modules)")
        said["second"] = printed.split()
        said["second_forked"] = b"atout.kernel_fork" in open(f"/proc/{second.provisioner.pid}/cmdline", "rb").read()

        for m, c in ((manager, client), (second, second_client)):
            c.stop_channels()
            await m.shutdown_kernel()
        said["reaped"] = not os.path.exists(f"/proc/{pid}")
        print(json.dumps(said))

    asyncio.run(main())
''')


def test_a_forked_kernel_is_what_a_spawned_one_would_be_and_outlives_the_fork_server():
    said = json.loads(printed_by_a_new_process(KERNELS).strip().splitlines()[-1])
    me, folder = said["me"]
    # its environment and folder as given, the server (this process) its parent, a session of its own, what the
    # pages import already there, and ipywidgets' comm targets registered with its shell
    assert said["printed"] == ["first", folder, me, "True", "True", "True"]
    assert said["forked"] and said["connection_file_found"]
    assert said["interrupted"] == "KeyboardInterrupt"
    assert said["after_fork_server_died"] == "still here"
    assert said["second"] == ["second", "True"] and said["second_forked"]      # a new fork server, started again
    assert said["reaped"]


LESSONS = textwrap.dedent('''
    import os, shutil, sys, tempfile
    from pathlib import Path
    from atout.resources import LESSONS_ENV
    from atout.lessons import LESSONS_DIR, course_lessons, reload_changed_lessons

    mine = Path(tempfile.mkdtemp()) / "forty-fives"
    mine.mkdir()
    source = LESSONS_DIR / "forty-fives" / "02-trumps.toml"
    text = source.read_text(encoding="utf-8").replace('id = "45-trumps"', 'id = "mine-trumps"')
    (mine / "02-mine.toml").write_text(text, encoding="utf-8")
    os.environ[LESSONS_ENV] = str(mine.parent)

    def in_a_fork():
        reading, writing = os.pipe()
        pid = os.fork()
        if pid == 0:
            lessons = course_lessons()
            title = next(l.title["en"] for l in lessons if l.id == "mine-trumps")
            os.write(writing, f"{lessons is ahead} {title}".encode())
            os._exit(0)
        os.close(writing)
        said = os.read(reading, 1000).decode()
        os.waitpid(pid, 0)
        return said

    ahead = course_lessons()
    print(in_a_fork())                                          # nothing changed: taken as they are
    renamed = text.replace('en = "Trumps: the three top cards"', 'en = "My trumps"', 1)
    (mine / "02-mine.toml").write_text(renamed, encoding="utf-8")
    print(in_a_fork())                                          # a file changed: the fork reads them again
    (mine / "02-mine.toml").write_text("id = ", encoding="utf-8")
    reload_changed_lessons()                                    # half-written: forgotten by the fork server
    from atout import lessons
    print(lessons._course == {})
''')


def test_a_forked_kernel_takes_the_lessons_loaded_ahead_only_while_no_lesson_file_changed():
    lines = printed_by_a_new_process(LESSONS).strip().splitlines()
    assert lines[0].split()[0] == "True"
    assert lines[1].split()[0] == "False" and lines[1].endswith("My trumps")
    assert lines[2] == "True"

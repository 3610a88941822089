"""Kernels are given back: pages dropped without an unload are culled, and the preheated course page
still works after its pooled kernel has sat idle past the culling timeout."""

from tests.site.conftest import CULL_IDLE, INTERACTIVE, open_page, wait_for

DROPPED = 6     # a whole class of 30 pages, dropped and culled, is the class_kernels benchmark's


def test_dropped_pages_give_their_kernels_back_and_the_pool_survives(browser, voila_server):
    base = voila_server.url
    wait_for(lambda: voila_server.kernels() >= 1, 60)       # the course page's preheated kernel
    before = voila_server.kernels()
    for _ in range(DROPPED):
        context = browser.new_context()
        page = context.new_page()
        page.set_default_timeout(INTERACTIVE)
        open_page(page, base, "index.ipynb", ready="[data-testid=games-index]")
        page.close(run_before_unload=False)    # abandoned: no unload, no shutdown request
        context.close()
    assert voila_server.kernels() >= before + 1, "dropped pages should hold kernels until culled"
    assert wait_for(lambda: voila_server.kernels() <= before, CULL_IDLE * 6), (
        f"{voila_server.kernels()} kernels left, expected {before}")
    # The pooled kernel is now older than the culling timeout: the course page must still come alive.
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(INTERACTIVE)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_page(page, base, "course.ipynb", ready=".atout-lesson-title")
    page.locator(".atout-lesson-link").first.click()
    page.wait_for_selector(".atout-lesson-link.atout-current")
    assert not errors
    page.close(run_before_unload=True)
    context.close()

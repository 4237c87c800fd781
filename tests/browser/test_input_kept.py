"""Input never lost (issue 23, defect 8): a field the operator touched survives the first live update,
even when the update pairs the page's children differently from how the page was first rendered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.browser.test_oncall_live import WAIT, _awaiting_drain, _login

pytestmark = [pytest.mark.browser, pytest.mark.redis]


@pytest.fixture(autouse=True)
def _close_test_connections(live_stack, chromium) -> Iterator[None]:  # type: ignore[no-untyped-def]
    yield
    from django.db import connections

    connections.close_all()


# The update the server sends, with one unkeyed element more at the top (a banner, a message): every
# child after it shifts by one position.
SHIFTED_UPDATE = """async () => {
  const el = document.getElementById('incident-body');
  const html = await (await fetch(el.getAttribute('data-live-fragment'))).text();
  window.recoveryLive.apply(el, '<p>news</p>' + html);
}"""


def test_typed_boxes_survive_a_first_update_that_shifts_the_page(
    live_stack, chromium, cluster, operator
) -> None:  # type: ignore[no-untyped-def]
    incident, rec = _awaiting_drain(cluster)
    otto = _login(chromium, live_stack.base_url, "otto")
    otto.goto(f"{live_stack.base_url}/incidents/{incident.pk}/")
    expect(otto.locator("#live-status.on")).to_be_visible(timeout=WAIT)
    assign = otto.locator("#assign-form input[name=assignee]")
    reject = otto.locator(f"tr[data-rec='{rec.pk}'] form[action$='/reject/'] input[name=comment]")
    assign.fill("olga")
    reject.fill("burn-in until Friday")  # the focus stays here; the assign box is touched, not focused
    otto.evaluate(SHIFTED_UPDATE)
    expect(otto.locator("#incident-body > p").first).to_have_text("news")
    expect(assign).to_have_value("olga")
    expect(reject).to_have_value("burn-in until Friday")
    expect(reject).to_be_focused()

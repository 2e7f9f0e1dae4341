"""The Datasette pages in a real browser: Debian's headless chromium driven by Selenium and chromedriver.

`make system-packages` installs chromium and chromium-driver; where neither can be installed the tests
are skipped and say why. Each test saves a screenshot under its tmp_path, to look at when a page changes.
"""

from __future__ import annotations

import shutil
import urllib.parse

import pytest

from test_serve import SLUB_TITLE, XEN_TITLE, build_db, running_server

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
from selenium.webdriver.common.by import By  # noqa: E402  (only once selenium is known to be there)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    not (CHROMIUM and CHROMEDRIVER),
    reason="no headless browser: apt-get install chromium chromium-driver (make system-packages) to run these")
_CHROMIUM_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                   "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1280,1400")
# Verdict colours of web/plugins/evidence_view.py, as the browser reports computed colours.
_RED = "rgba(207, 34, 46, 1)"
_GREEN = "rgba(26, 127, 55, 1)"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser")
    with running_server(build_db(folder), folder / "serve.log") as (base, _process):
        yield base


@pytest.fixture
def browser(tmp_path):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in _CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'profile'}")
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def save_screenshot(driver, path) -> None:
    """A full-page PNG: the window grows to the page's height first, so nothing below the fold is lost."""
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1280, min(max(height, 600), 6000))
    assert driver.save_screenshot(str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_evidence_view_of_a_series(served, browser, tmp_path):
    browser.get(f"{served}/-/evidence?" + urllib.parse.urlencode({"q": "slub prefetch"}))
    assert browser.find_element(By.TAG_NAME, "h1").text == SLUB_TITLE
    assert "v1" in browser.find_element(By.CSS_SELECTOR, "p.lm-meta + p.lm-meta").text

    groups = {section.find_element(By.TAG_NAME, "h2").text: section
              for section in browser.find_elements(By.CSS_SELECTOR, "section.lm-group")}
    assert "netperf" in groups
    table_rows = groups["netperf"].find_elements(By.CSS_SELECTOR, "tbody tr")
    rows = {cells[0].text: cells for cells in (row.find_elements(By.TAG_NAME, "td") for row in table_rows)}
    assert [rows[label][2].text for label in ("1", "8", "32")] == ["41230", "298400", "901200"]  # as printed
    regression = rows["32"][5].find_element(By.TAG_NAME, "b")
    assert regression.text == "-6.54%"
    assert regression.value_of_css_property("color") == _RED
    assert rows["1"][5].find_element(By.TAG_NAME, "b").value_of_css_property("color") == _GREEN
    assert rows["32"][7].text == "worse"

    chart = browser.find_element(By.CSS_SELECTOR, "svg.lm-chart")
    deltas = [cell.text for cell in browser.find_elements(By.CSS_SELECTOR, "td.lm-delta b") if cell.text != "–"]
    assert len(chart.find_elements(By.TAG_NAME, "circle")) == len(deltas) >= 4
    assert "Performance concerns" in browser.page_source and "back this up" in browser.page_source
    save_screenshot(browser, tmp_path / "evidence.png")

    rows["32"][8].find_element(By.TAG_NAME, "a").click()
    assert "/-/message?" in browser.current_url
    marked = [line.text for line in browser.find_elements(By.CSS_SELECTOR, "pre.lm-mail .lm-marked")]
    assert any("901200" in line for line in marked), "the link leads to the table in the message text"
    save_screenshot(browser, tmp_path / "message.png")


def test_open_concerns_query(served, browser, tmp_path):
    browser.get(f"{served}/miner/open_concerns")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Open performance concerns"
    table = browser.find_element(By.CSS_SELECTOR, "table.rows-and-columns")
    text = table.text
    assert "How much does this save on a real workload?" in text
    assert "Have you measured the lock contention with many guests?" in text
    assert "back this up" not in text, "answered concerns are not open"
    title_link = table.find_element(By.LINK_TEXT, XEN_TITLE)
    save_screenshot(browser, tmp_path / "open_concerns.png")

    title_link.click()
    assert browser.find_element(By.TAG_NAME, "h1").text == XEN_TITLE
    assert "No numbers" in browser.find_element(By.CSS_SELECTOR, "section.content").text

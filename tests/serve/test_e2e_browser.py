"""A whole Papírové doupě night on a phone-sized window, in a real headless Chromium (issue 23).

Needs Debian's `chromium` and `chromium-driver` (apt-get install chromium chromium-driver) and
selenium (in the `test` extra); skips cleanly without them. Set PAPIRNA_E2E_SHOTS=DIR to keep a
screenshot of each page.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

webdriver = pytest.importorskip("selenium.webdriver")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as ec  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from generator.serve.night import number  # noqa: E402
from tests.serve import live  # noqa: E402
from tests.serve.samples import EVA, JAN  # noqa: E402

BROWSER = next((p for n in ("chromium", "chromium-browser") if (p := shutil.which(n))), None)
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    BROWSER is None or DRIVER is None,
    reason="needs chromium and chromedriver (apt-get install chromium chromium-driver)",
)
PHONE = (360, 780)


@pytest.fixture()
def browser():
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = BROWSER
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--lang=cs",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    # a phone's screen: a headless window is at least 500 px wide, an emulated phone is not
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 2, "mobile": True},
    )
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def shot(driver, name: str) -> None:
    where = os.environ.get("PAPIRNA_E2E_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(where) / f"{name}.png"))


def fits_the_phone(driver) -> bool:
    """Nothing wider than the phone's screen (no sideways scrolling) and big tap targets."""
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert driver.execute_script("return window.innerWidth") == PHONE[0]
    small = driver.execute_script(
        "return [...document.querySelectorAll('input[type=submit],button,select,input[type=number]')]"
        ".filter(e => e.offsetParent && e.getBoundingClientRect().height < 44).length"
    )
    return width <= PHONE[0] and small == 0


def type_into(driver, name: str, value: object) -> None:
    box = driver.find_element(By.NAME, name)
    box.clear()
    box.send_keys(str(value))


def set_box(driver, name: str, on: bool) -> None:
    box = driver.find_element(By.NAME, name)
    if box.is_selected() != on:
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        box.click()


def fill_sheet(driver, sheet: dict) -> None:
    """Type a sheet into the page's form as a player does."""
    type_into(driver, "dungeon", sheet["dungeon"])
    for a, lv in sheet["levels"].items():
        type_into(driver, f"levels.{a}", lv)
    for i, n in enumerate(sheet["items"]):
        type_into(driver, f"items.{i}", n)
    for k in ("gems", "minions", "wounds"):
        type_into(driver, k, sheet[k])
    for i, f in enumerate(sheet["fights"]):
        set_box(driver, f"fights.{i}.visited", f.get("visited", True))
        set_box(driver, f"fights.{i}.fled", bool(f.get("fled")))
        type_into(driver, f"fights.{i}.range", f.get("range", ""))
        set_box(driver, f"fights.{i}.strongest", bool(f.get("strongest")))
    type_into(driver, "ability", "" if sheet.get("ability") is None else sheet["ability"])
    type_into(driver, "goals", ", ".join(map(str, sheet.get("goals", []))))
    type_into(driver, "quests", ", ".join(map(str, sheet.get("quests", []))))


@pytest.mark.slow
def test_a_night_on_a_phone(browser, tmp_path) -> None:
    import httpx

    wait = WebDriverWait(browser, 30)
    with live.server(tmp_path / "nights.sqlite") as base:
        browser.get(base + "/?lang=cs")
        assert fits_the_phone(browser)
        Select(browser.find_element(By.NAME, "game")).select_by_value("papirove-doupe")
        type_into(browser, "name", "Pátek u Evy")
        type_into(browser, "campaign", "Zvony")
        browser.find_element(By.CSS_SELECTOR, "form[action='/nights'] input[type=submit]").click()
        wait.until(ec.title_contains("Pátek u Evy"))
        night_url = browser.current_url
        shot(browser, "1-night")
        for sheet in (EVA, JAN):
            browser.get(night_url)
            type_into(browser, "player", sheet["player"])
            browser.find_element(
                By.CSS_SELECTOR, "form[action$='/players'] input[type=submit]"
            ).click()
            wait.until(ec.presence_of_element_located((By.ID, "sheet-form")))
            assert fits_the_phone(browser)
            before = browser.find_element(By.ID, "my-total").text
            fill_sheet(browser, sheet)
            # the total follows the typing before anything is saved (the small script)
            wait.until(
                lambda d, old=before: d.find_element(By.ID, "my-total").text not in ("", old)
            )
            shot(browser, f"2-sheet-{sheet['player']}")
            browser.find_element(By.CSS_SELECTOR, "#sheet-form input[type=submit]").click()
            wait.until(ec.url_contains("saved=1"))
            assert "Uloženo" in browser.page_source
        browser.get(night_url)
        shot(browser, "3-scores")
        assert fits_the_phone(browser)
        night = int(night_url.rstrip("/").rsplit("/", 1)[1])
        served = httpx.get(f"{base}/api/nights/{night}").json()["score"]
        totals = {p["player"]: p["total"] for p in served["players"]}
        for player, total in totals.items():
            cell = browser.find_element(By.CSS_SELECTOR, f"td[data-total='{player}']")
            assert cell.text == str(number(total))
        winner = browser.find_element(By.ID, "winner").text
        assert winner == f"Vítěz: {served['winners'][0]}"

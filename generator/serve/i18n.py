"""The words of the pages, Czech first, English second (one form of address: tykání)."""

from __future__ import annotations

LANGS = ("cs", "en")

WORDS: dict[str, tuple[str, str]] = {
    "title": ("Papírna u stolu", "Papírna at the table"),
    "nights": ("Večery", "Nights"),
    "new_night": ("Nový večer", "New night"),
    "game": ("Hra", "Game"),
    "night_name": ("Název večera", "Name of the night"),
    "campaign": ("Kampaň", "Campaign"),
    "campaign_hint": (
        "Stejný název spojí večery jedné kampaně (nepovinné).",
        "The same name joins the nights of one campaign (optional).",
    ),
    "create": ("Založit", "Create"),
    "players": ("Hráči", "Players"),
    "add_player": ("Přidat hráče", "Add a player"),
    "player_name": ("Jméno hráče", "Player's name"),
    "add": ("Přidat", "Add"),
    "sheet": ("List", "Sheet"),
    "open_sheet": ("vyplnit list", "fill in the sheet"),
    "save": ("Uložit", "Save"),
    "saved": ("Uloženo.", "Saved."),
    "stale": (
        "Mezitím list uložil někdo jiný. Tady jsou novější hodnoty; zkontroluj je a ulož znovu.",
        "Someone else saved this sheet meanwhile. Here are the newer values; check them and save again.",
    ),
    "score": ("Výsledky", "Scores"),
    "total": ("Celkem", "Total"),
    "rank": ("Pořadí", "Rank"),
    "winner": ("Vítěz", "Winner"),
    "tie": ("Shoda", "Tie"),
    "notes": ("Poznámky", "Notes"),
    "cannot_score": ("Zatím nelze spočítat", "Cannot be scored yet"),
    "no_sheets": ("Zatím tu nikdo nemá list.", "Nobody has a sheet here yet."),
    "export_yaml": ("Stáhnout listy (YAML)", "Download the sheets (YAML)"),
    "export_csv": ("Stáhnout výsledky (CSV)", "Download the scores (CSV)"),
    "import": ("Nahrát listy (YAML)", "Upload sheets (YAML)"),
    "upload": ("Nahrát", "Upload"),
    "photo": ("Vyfotit list", "Photograph the sheet"),
    "photo_hint": (
        "Vyfoť papírový list shora, se všemi čtyřmi černými čtverci v rozích.",
        "Photograph the paper sheet from above, with all four black corner squares in the picture.",
    ),
    "photo_read": ("Přečteno z fotky", "Read from the photo"),
    "unsure": ("Zkontroluj tato políčka", "Check these boxes"),
    "unsure_none": ("Všechna políčka jsou čitelná.", "Every box was read clearly."),
    "read_as": ("přečteno jako", "read as"),
    "marked": ("zaškrtnuto", "marked"),
    "empty": ("prázdné", "empty"),
    "correct": ("Oprav list podle fotky", "Correct the sheet from the photo"),
    "no_scan": (
        "Čtení fotek potřebuje doplněk scan: pip install 'papirna[scan]'",
        "Reading photos needs the scan extra: pip install 'papirna[scan]'",
    ),
    "history": ("Historie", "History"),
    "back": ("Zpět", "Back"),
    "remove": ("Odebrat", "Remove"),
    "campaigns": ("Kampaně", "Campaigns"),
    "campaign_total": ("Součet kampaně", "Campaign total"),
    "live": ("počítá se průběžně", "updates as you type"),
    "more": ("Podrobněji", "More"),
    "language": ("English", "Česky"),
}


def words(lang: str) -> dict[str, str]:
    """Every word of the pages in `lang`."""
    i = LANGS.index(lang) if lang in LANGS else 0
    return {k: v[i] for k, v in WORDS.items()}

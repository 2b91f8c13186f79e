"""The yaku a director may record with a win, in English and Japanese, and the dora words.

The entry line's optional ``y:`` list names yaku by their English id (``riichi``, ``pinfu``),
a common romaji spelling (``menzen``, ``itsu``) or the Japanese name (立直, 平和); the event file
always stores the English id. Dora words add up into one count: ``dora2`` (ドラ2), ``ura1``
(裏ドラ1), ``aka1`` (赤1).

>>> read_yaku_word("平和"), read_yaku_word("Tanyao"), read_yaku_word("ura2")
(('pinfu', 0), ('tanyao', 0), (None, 2))
>>> yaku_label("pinfu", "ja"), yaku_label("pinfu", "en")
('平和', 'pinfu')
"""

from __future__ import annotations

import re
import unicodedata

from mjevent.core.i18n import _, language
from mjevent.core.outcomes import WinDetail

__all__ = ["YAKU", "YAKUMAN", "read_yaku_word", "win_detail_text", "yaku_label"]

# English id -> Japanese name. The ids are what the event file stores (lower case, ascii).
YAKU: dict[str, str] = {
    "riichi": "立直",
    "double_riichi": "両立直",
    "ippatsu": "一発",
    "tsumo": "門前清自摸和",
    "pinfu": "平和",
    "tanyao": "断幺九",
    "iipeikou": "一盃口",
    "yakuhai": "役牌",
    "haitei": "海底摸月",
    "houtei": "河底撈魚",
    "rinshan": "嶺上開花",
    "chankan": "槍槓",
    "chiitoitsu": "七対子",
    "chanta": "混全帯幺九",
    "ittsu": "一気通貫",
    "sanshoku": "三色同順",
    "sanshoku_doukou": "三色同刻",
    "toitoi": "対々和",
    "sanankou": "三暗刻",
    "sankantsu": "三槓子",
    "shousangen": "小三元",
    "honroutou": "混老頭",
    "honitsu": "混一色",
    "junchan": "純全帯幺九",
    "ryanpeikou": "二盃口",
    "chinitsu": "清一色",
    "nagashi": "流し満貫",
    "kokushi": "国士無双",
    "suuankou": "四暗刻",
    "daisangen": "大三元",
    "shousuushii": "小四喜",
    "daisuushii": "大四喜",
    "tsuuiisou": "字一色",
    "chinroutou": "清老頭",
    "ryuuiisou": "緑一色",
    "chuuren": "九蓮宝燈",
    "suukantsu": "四槓子",
    "tenhou": "天和",
    "chiihou": "地和",
    "renhou": "人和",
}

YAKUMAN = frozenset(
    {
        "kokushi",
        "suuankou",
        "daisangen",
        "shousuushii",
        "daisuushii",
        "tsuuiisou",
        "chinroutou",
        "ryuuiisou",
        "chuuren",
        "suukantsu",
        "tenhou",
        "chiihou",
    }
)
"""The ids that are yakuman (renhou is a mangan or a yakuman by house rule: not listed)."""

# Other spellings seen on score sheets -> id (romaji variants and short Japanese names).
_ALIASES: dict[str, str] = {
    "reach": "riichi",
    "daburi": "double_riichi",
    "doubleriichi": "double_riichi",
    "menzen": "tsumo",
    "menzentsumo": "tsumo",
    "tanyao": "tanyao",
    "tanyaochuu": "tanyao",
    "iipeiko": "iipeikou",
    "yakuhai": "yakuhai",
    "fanpai": "yakuhai",
    "haku": "yakuhai",
    "hatsu": "yakuhai",
    "chun": "yakuhai",
    "haiteiraoyue": "haitei",
    "houteiraoyui": "houtei",
    "rinshankaihou": "rinshan",
    "chiitoi": "chiitoitsu",
    "chitoitsu": "chiitoitsu",
    "chantaiyao": "chanta",
    "itsu": "ittsu",
    "ikkitsuukan": "ittsu",
    "sanshokudoujun": "sanshoku",
    "toitoihou": "toitoi",
    "junchantaiyao": "junchan",
    "ryanpeiko": "ryanpeikou",
    "nagashimangan": "nagashi",
    "kokushimusou": "kokushi",
    "suuankoutanki": "suuankou",
    "chuurenpoutou": "chuuren",
    "立直": "riichi",
    "リーチ": "riichi",
    "ダブルリーチ": "double_riichi",
    "ダブリー": "double_riichi",
    "ツモ": "tsumo",
    "門前清自摸和": "tsumo",
    "断么九": "tanyao",
    "タンヤオ": "tanyao",
    "ピンフ": "pinfu",
    "白": "yakuhai",
    "發": "yakuhai",
    "発": "yakuhai",
    "中": "yakuhai",
    "場風": "yakuhai",
    "自風": "yakuhai",
    "チートイツ": "chiitoitsu",
    "チャンタ": "chanta",
    "混全帯么九": "chanta",
    "一通": "ittsu",
    "三色": "sanshoku",
    "トイトイ": "toitoi",
    "対対和": "toitoi",
    "ホンイツ": "honitsu",
    "純全帯么九": "junchan",
    "純チャン": "junchan",
    "チンイツ": "chinitsu",
    "国士": "kokushi",
    "四暗刻単騎": "suuankou",
    "九蓮": "chuuren",
    "九蓮宝灯": "chuuren",
}

_WORDS: dict[str, str] = {
    **{key.replace("_", ""): key for key in YAKU},
    **{name: key for key, name in YAKU.items()},
    **_ALIASES,
}

_DORA = re.compile(r"^(dora|ura|uradora|aka|akadora|ドラ|裏ドラ|裏|赤ドラ|赤)(\d+)$")


def _key(word: str) -> str:
    # Width- and case-blind (NFKC folds full-width letters): Pinfu reads as pinfu.
    folded = unicodedata.normalize("NFKC", word).casefold()
    return folded.replace("_", "").replace("-", "")


def read_yaku_word(word: str) -> tuple[str | None, int]:
    """One word of a ``y:`` list: (the yaku id, 0), or (None, dora count) for a dora word.

    Raises `KeyError` for a word that is neither (the caller names it in its error).
    """
    key = _key(word)
    m = _DORA.match(key)
    if m:
        return None, int(m.group(2))
    found = _WORDS.get(key) or _WORDS.get(unicodedata.normalize("NFKC", word))
    if found is None:
        raise KeyError(word)
    return found, 0


def yaku_label(yaku: str, language: str) -> str:
    """A yaku id as people read it: the Japanese name in Japanese, the id elsewhere."""
    if language == "ja":
        return YAKU.get(yaku, yaku)
    return yaku.replace("_", " ")


def win_detail_text(detail: WinDetail | None) -> str:
    """What the entry line's ``y:`` and ``open`` record about a win, for people to read in the
    language in use; "" when nothing was recorded.

    >>> win_detail_text(WinDetail(("riichi", "pinfu"), 2, False))
    'riichi, pinfu · dora 2 · closed'
    >>> win_detail_text(WinDetail(None, None, True)), win_detail_text(None)
    ('open', '')
    """
    if detail is None:
        return ""
    parts: list[str] = []
    if detail.yaku is not None:
        lang = language()
        parts.append(_(", ").join(yaku_label(y, lang) for y in detail.yaku) or "-")
    if detail.dora:
        parts.append(_("dora {n}").format(n=detail.dora))
    if detail.open is not None:
        parts.append(_("open") if detail.open else _("closed"))
    return " · ".join(parts)

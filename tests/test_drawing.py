"""A state's drawing, rendered three ways from one description."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest

from searchlab.domains.drawing import Grid, Text, to_json, to_svg, to_text
from searchlab.domains.puzzle.domain import PUZZLE
from searchlab.domains.queens.domain import QUEENS


def test_a_board_of_tiles_reads_as_the_puzzle_is_written() -> None:
    drawing = PUZZLE.draw((1, 2, 3, 8, 0, 4, 7, 6, 5))
    assert to_text(drawing) == "1 2 3\n8 _ 4\n7 6 5"
    assert to_json(drawing)["cells"][4] == "" and to_json(drawing)["style"] == "tiles"


def test_a_partial_placement_is_drawn_on_its_whole_board() -> None:
    problem = QUEENS.problem(QUEENS.request("4"))
    assert to_text(QUEENS.draw((2, 4), problem)) == ". Q . .\n. . . Q\n. . . .\n. . . ."


def test_svg_has_one_square_per_cell_and_a_label_per_piece() -> None:
    drawing = Grid(2, 3, ("a", "", "c", "", "", "<f>"), marks={5: "from"})
    root = ElementTree.fromstring(to_svg(drawing))  # well-formed, text escaped
    namespace = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{namespace}rect")) == 6
    assert [text.text for text in root.findall(f"{namespace}text")] == ["a", "c", "<f>"]
    assert root.get("width") == str(3 * 32) and root.get("height") == str(2 * 32)


def test_text_drawings_keep_their_lines() -> None:
    drawing = Text("waiting: t1\nP1: idle")
    assert to_text(drawing) == "waiting: t1\nP1: idle"
    root = ElementTree.fromstring(to_svg(drawing))
    assert len(list(root)) == 2


def test_a_grid_must_hold_one_cell_per_square() -> None:
    with pytest.raises(ValueError, match="needs 4 cells"):
        Grid(2, 2, ("x",))

"""Local beam search, the genetic algorithm, tabu search and late acceptance, checked
against hill climbing, the textbook's fitness, and what each promises step by step."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest

from searchlab.algorithms.local import hill_climbing
from searchlab.algorithms.memory import late_acceptance, tabu_search
from searchlab.algorithms.population import generations_of, genetic_algorithm, local_beam_search
from searchlab.algorithms.registry import run_algorithm
from searchlab.core.errors import InputError
from searchlab.core.events import Expand, Recorder, Step
from searchlab.domains.queens.board import Queens, random_board
from searchlab.domains.queens.climb import ClimbProblem, ColumnGenome
from searchlab.domains.queens.heuristics import HEURISTICS, attacking_pairs, is_solution
from searchlab.domains.queens.moves import MOVES

PAIRS = HEURISTICS["pairs"]


def _problem(queens: Queens, moves: str = "column") -> ClimbProblem:
    return ClimbProblem(len(queens), queens, MOVES[moves])


def _fresh(n: int, moves: str = "column") -> Callable[[random.Random], Queens]:
    return lambda rng: random_board(n, moves, rng).queens


def test_a_beam_of_one_is_steepest_descent() -> None:
    """One state kept, the best successor taken (the first of equals): the climb of
    steepest-descent hill climbing with tie-break first, move for move."""
    rng = random.Random(5)
    for _ in range(40):
        n = rng.randint(4, 9)
        moves = rng.choice(["column", "free"])
        problem = _problem(random_board(n, moves, rng).queens, moves)
        beam = local_beam_search(problem, PAIRS, beam=1)
        climb = hill_climbing(problem, PAIRS, tie_break="first")
        assert beam.path == climb.path and beam.moves == climb.moves
        assert beam.status == climb.status


def test_a_wide_beam_solves_eight_queens_more_often_than_one_climb() -> None:
    solved_beam = solved_climb = 0
    for seed in range(30):
        board = random_board(8, "column", random.Random(seed)).queens
        problem = _problem(board)
        beam = local_beam_search(problem, PAIRS, beam=20, random_state=_fresh(8), seed=seed)
        solved_beam += beam.solved
        solved_climb += hill_climbing(problem, PAIRS).solved
        if beam.solved:
            assert is_solution(beam.final_state)
    assert solved_beam > solved_climb


def test_stochastic_beam_search_is_repeatable_and_finds_solutions() -> None:
    board = random_board(8, "column", random.Random(1)).queens
    runs = [
        local_beam_search(
            _problem(board),
            PAIRS,
            beam=20,
            stochastic=True,
            random_state=_fresh(8),
            seed=seed,
        )
        for seed in range(20)
    ]
    again = local_beam_search(
        _problem(board),
        PAIRS,
        beam=20,
        stochastic=True,
        random_state=_fresh(8),
        seed=3,
    )
    assert again.path == runs[3].path
    assert any(run.solved for run in runs)


def test_the_genome_is_the_textbooks_string_and_fitness() -> None:
    """AIMA figure 4.6: 24748552 has fitness 24 (non-attacking pairs); a solution 28."""
    genome = ColumnGenome(8)
    board = genome.decode((2, 4, 7, 4, 8, 5, 5, 2))
    assert genome.encode(board) == (2, 4, 7, 4, 8, 5, 5, 2)
    assert genome.ceiling(attacking_pairs) - attacking_pairs(board) == 24
    solution = genome.decode((1, 5, 8, 6, 3, 7, 2, 4))
    assert genome.ceiling(attacking_pairs) - attacking_pairs(solution) == 28


@pytest.mark.parametrize("selection", ["proportional", "tournament"])
@pytest.mark.parametrize("crossover", ["one-point", "uniform"])
def test_the_genetic_algorithm_solves_eight_queens(selection: str, crossover: str) -> None:
    """Each way of selecting and recombining finds solutions (not from every seed: a
    population may converge on a local optimum, as the textbook warns)."""
    board = random_board(8, "column", random.Random(2)).queens
    solved = 0
    for seed in range(4):
        history: list[tuple[float, float, float]] = []
        result = genetic_algorithm(
            _problem(board),
            PAIRS,
            population=100,
            generations=300,
            mutation=0.2,
            selection=selection,  # type: ignore[arg-type]
            crossover=crossover,  # type: ignore[arg-type]
            elite=2,
            random_state=_fresh(8),
            seed=seed,
            history=history,
        )
        solved += result.solved
        assert result.solved == is_solution(result.final_state)
        assert history[-1][0] == 28 - attacking_pairs(result.final_state)
        assert all(best >= median >= worst for best, median, worst in history)
        # with an elite the best never gets worse
        assert all(a[0] <= b[0] for a, b in itertools.pairwise(history))
    assert solved >= 2


def test_without_mutation_a_uniform_population_never_changes() -> None:
    board = random_board(8, "column", random.Random(4)).queens
    assert not is_solution(board)
    history: list[tuple[float, float, float]] = []
    result = genetic_algorithm(
        _problem(board), PAIRS, population=10, generations=20, mutation=0.0, seed=1, history=history
    )
    assert not result.solved and result.final_state == board
    assert len(set(history)) == 1 and len(history) == 21


def test_the_genetic_algorithm_refuses_what_it_cannot_do() -> None:
    board = random_board(6, "column", random.Random(0)).queens
    free = random_board(6, "free", random.Random(0)).queens
    with pytest.raises(InputError, match="genes"):
        genetic_algorithm(_problem(free, "free"), PAIRS)
    for options in (
        {"population": 0},
        {"mutation": 1.5},
        {"mutation": -0.1},
        {"elite": 11, "population": 10},
        {"tournament": 0},
        {"selection": "roulette"},
        {"crossover": "two-point"},
    ):
        with pytest.raises(InputError):
            genetic_algorithm(_problem(board), PAIRS, **options)
    with pytest.raises(InputError):
        local_beam_search(_problem(board), PAIRS, beam=0)
    with pytest.raises(InputError):
        tabu_search(_problem(board), PAIRS, tenure=-1)
    with pytest.raises(InputError):
        late_acceptance(_problem(board), PAIRS, history=0)


def test_tabu_search_never_reenters_a_recent_state_unless_it_is_the_best_yet() -> None:
    for seed in range(10):
        board = random_board(7, "column", random.Random(seed)).queens
        recorder = Recorder()
        tenure = 5
        tabu_search(_problem(board), PAIRS, tenure=tenure, max_moves=300, observer=recorder)
        visited = [board]
        best: float = PAIRS(board)
        for step in recorder.of_type(Step):
            recent = visited[-tenure:]
            if step.next_state in recent:
                assert step.value < best  # aspiration
            best = min(best, step.value)
            visited.append(step.next_state)  # type: ignore[arg-type]


def test_tabu_search_walks_out_of_local_minima() -> None:
    """From boards where steepest descent sticks, tabu search goes on to a solution."""
    stuck = solved = 0
    for seed in range(40):
        problem = _problem(random_board(8, "column", random.Random(seed)).queens)
        if hill_climbing(problem, PAIRS).solved:
            continue
        stuck += 1
        result = tabu_search(problem, PAIRS, tenure=10, max_moves=2000)
        solved += result.solved
        assert PAIRS(result.final_state) <= PAIRS(hill_climbing(problem, PAIRS).final_state)
    assert stuck >= 10 and solved >= stuck * 0.8


def test_late_acceptance_with_a_history_of_one_never_goes_uphill() -> None:
    board = random_board(8, "column", random.Random(9)).queens
    recorder = Recorder()
    late_acceptance(_problem(board), PAIRS, history=1, max_moves=2000, seed=2, observer=recorder)
    value: float = PAIRS(board)
    for step in recorder.of_type(Step):
        assert step.value <= value
        value = step.value


def test_late_acceptance_solves_eight_queens_and_repeats_with_its_seed() -> None:
    solved = 0
    for seed in range(10):
        board = random_board(8, "column", random.Random(seed)).queens
        result = late_acceptance(_problem(board), PAIRS, history=50, max_moves=20_000, seed=seed)
        solved += result.solved
        assert result.solved == is_solution(result.final_state)
    assert solved >= 8
    board = random_board(8, "column", random.Random(0)).queens
    one = late_acceptance(_problem(board), PAIRS, seed=4)
    assert one.path == late_acceptance(_problem(board), PAIRS, seed=4).path


def test_the_registry_runs_them_with_parsed_options() -> None:
    board = random_board(8, "column", random.Random(3)).queens
    for name, options in (
        ("local-beam", {"beam": "5", "keep": "stochastic"}),
        ("genetic", {"population": "50", "parents": "tournament", "elite": "1"}),
        ("tabu", {"tenure": "3"}),
        ("late-acceptance", {"history": "10"}),
    ):
        result = run_algorithm(
            name,
            _problem(board),
            PAIRS,
            options=options,
            seed=1,
            random_state=_fresh(8),
        )
        assert result.solved == is_solution(result.final_state)
    with pytest.raises(InputError):
        run_algorithm("genetic", _problem(board), PAIRS, options={"mutation": "2"})


class _Generations(Recorder):
    """An observer asking for the generations (``population.generations_of``)."""

    def __init__(self) -> None:
        super().__init__()
        self.generations: list[tuple[float, float, float]] = []


def test_an_observer_by_name_gets_the_generations_history_gets() -> None:
    board = random_board(8, "column", random.Random(4)).queens
    history: list[tuple[float, float, float]] = []
    direct = genetic_algorithm(
        _problem(board), PAIRS, population=30, generations=25, random_state=_fresh(8), seed=6,
        history=history,
    )  # fmt: skip
    observer = _Generations()
    named = run_algorithm(
        "genetic", _problem(board), PAIRS, options={"population": "30", "generations": "25"},
        seed=6, random_state=_fresh(8), observer=observer,
    )  # fmt: skip
    assert named.final_state == direct.final_state
    assert observer.generations == history and len(history) == direct.stats.iterations + 1
    # one expansion a generation, its state that generation's best
    bests = [event.state for event in observer.events if isinstance(event, Expand)]
    assert len(bests) == len(history)
    fitness = [28 - attacking_pairs(best) for best in bests if isinstance(best, tuple)]
    assert fitness == [best for best, _, _ in history]
    # an observer without the attribute is asked for nothing
    assert generations_of(Recorder()) is None

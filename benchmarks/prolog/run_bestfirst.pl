% Runs Bratko's best-first procedure (bestfirst.pl) on a problem file, for
% benchmarks/bench_prolog.py:
%
%   swipl -q -f none run_bestfirst.pl -- PROBLEM.pl REPEAT START...
%
% For each START (a term), bestfirst/2 runs REPEAT times; one line is printed per
% start: moves, leaves expanded, answers of s/3, CPU seconds and wall seconds for
% all the repetitions together.

:- initialization(main, main).

main :-
    current_prolog_flag(argv, [Problem, RepeatText | Starts]),
    source_file(main, Here),
    file_directory_name(Here, Folder),
    directory_file_path(Folder, 'bestfirst.pl', Procedure),
    consult(Procedure),
    consult(Problem),
    atom_number(RepeatText, Repeat),
    forall(member(StartText, Starts), run(StartText, Repeat)).

run(StartText, Repeat) :-
    term_string(Start, StartText),
    flag(searchlab_expanded, _, 0),
    flag(searchlab_generated, _, 0),
    once(bestfirst(Start, Solution)),
    flag(searchlab_expanded, Expanded, Expanded),
    flag(searchlab_generated, Generated, Generated),
    length(Solution, Length),
    Moves is Length - 1,
    statistics(cputime, Cpu0),
    get_time(Wall0),
    forall(between(1, Repeat, _), once(bestfirst(Start, _))),
    statistics(cputime, Cpu1),
    get_time(Wall1),
    Cpu is Cpu1 - Cpu0,
    Wall is Wall1 - Wall0,
    format("~w\t~w\t~w\t~w\t~w~n", [Moves, Expanded, Generated, Cpu, Wall]).

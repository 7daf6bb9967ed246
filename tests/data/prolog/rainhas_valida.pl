% Seed 000's version 2 with a course's own check of legal boards (valid/1)
/* Not in the document: the one relation a course adds to catch a board no one can
   set up. A board is legal when its eight queens stand on eight different squares
   of the 8 x 8 board. searchlab finds valid/1 by its name and asks it of the start
   and of every successor mover/3 gives. */

:- ensure_loaded(rainhas_v2).

valid(Rainhas) :-
    length(Rainhas, 8),
    sort(Rainhas, Casas),
    length(Casas, 8),
    forall(member((L, C), Rainhas), (between(1, 8, L), between(1, 8, C))).

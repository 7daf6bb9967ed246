% Seed 002 (shared/seeds/002_12483ce7393e2e84.txt): the course's N-queens program,
% transcribed as printed (its instance for N = 5). One fix, marked below: the text
% prints noattack/3's three tests with ==, which it means as =\= (a queen in another
% column and on neither diagonal); as printed no queen is ever safe.

nqueens(5, Position):-
    construct_solution(5, Position),
    find_solution(Position, [1,2,3,4,5]).

construct_solution(0, [ ]).
construct_solution(N, [ _ | Tail]):-  M  is  N  -  1,  M  >=  0,
                              construct_solution(M, Tail).

find_solution([ ], _ ).
find_solution([Y | Others], List):-
    find_solution(Others, List),
    member(Y, List),
    noattack(Y, Others, 1).

noattack( _, [ ], _ ).
noattack(Y, [Y1 | Others], Xdist):-
    Y  =\=  Y1,             % fix: printed "Y == Y1"
    Y1 - Y  =\=  Xdist,     % fix: printed "Y1 - Y == Xdist"
    Y - Y1  =\=  Xdist,     % fix: printed "Y - Y1 == Xdist"
    Dist1 is Xdist + 1,
    noattack(Y, Others, Dist1).

% N-queens by Prolog's own backtracking (seed 002's program, for any N).
%
% A solution is a list of N column numbers, element i the column of the queen in
% row i. find_solution/2 fills the list from its last element towards its first:
% each queen takes the first column (from 1) that no queen placed before attacks,
% and when none is safe Prolog backtracks into the queen placed before it.
%
%   searchlab prolog examples/prolog/nqueens.pl --query "nqueens(8, P)" --next
%   searchlab serve --problem examples/prolog/nqueens.pl      (then step the query)

nqueens(N, Position) :-
    numlist(1, N, Columns),
    construct_solution(N, Position),
    find_solution(Position, Columns).

% construct_solution(N, List): List is a list of N unbound places.
construct_solution(0, []).
construct_solution(N, [_ | Tail]) :-
    M is N - 1, M >= 0,
    construct_solution(M, Tail).

% find_solution(Queens, Columns): every queen of Queens in a column of Columns that
% none of the queens after it in the list attacks.
find_solution([], _).
find_solution([Y | Others], List) :-
    find_solution(Others, List),
    member(Y, List),
    noattack(Y, Others, 1).

% noattack(Y, Others, Xdist): a queen in column Y attacks none of Others, the first
% of which stands Xdist rows away.
noattack(_, [], _).
noattack(Y, [Y1 | Others], Xdist) :-
    Y =\= Y1,
    Y1 - Y =\= Xdist,
    Y - Y1 =\= Xdist,
    Dist1 is Xdist + 1,
    noattack(Y, Others, Dist1).

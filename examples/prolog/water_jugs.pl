% The water jugs: with a 4-litre and a 3-litre jug, a tap and a drain, measure 2 litres

/* A course exercise written for searchlab's Prolog adapter (docs/prolog.md).

   A state is jugs(Big, Small): the litres in the 4-litre and the 3-litre jug.
   A move fills a jug from the tap, empties it into the drain, or pours one jug
   into the other until the first is empty or the second full. Every move costs
   one, and a move that changes nothing is not offered.

     searchlab prolog examples/prolog/water_jugs.pl -a astar --show-path
     searchlab prolog examples/prolog/water_jugs.pl -a ida --json
     searchlab serve --problem examples/prolog/water_jugs.pl
*/

capacity( big, 4).
capacity( small, 3).

start( jugs(0, 0)).

goal( jugs(2, _)).
goal( jugs(_, 2)).

% s( State, Next, Cost)

s( jugs(B, S), jugs(4, S), 1)  :-  B < 4.                    % fill the big jug
s( jugs(B, S), jugs(B, 3), 1)  :-  S < 3.                    % fill the small one
s( jugs(B, S), jugs(0, S), 1)  :-  B > 0.                    % empty the big jug
s( jugs(B, S), jugs(B, 0), 1)  :-  S > 0.                    % empty the small one
s( jugs(B, S), jugs(B1, S1), 1)  :-                          % pour big into small
   B > 0, S < 3,
   Poured is min(B, 3 - S),
   B1 is B - Poured, S1 is S + Poured.
s( jugs(B, S), jugs(B1, S1), 1)  :-                          % pour small into big
   S > 0, B < 4,
   Poured is min(S, 4 - B),
   B1 is B + Poured, S1 is S - Poured.

% h( State, H): 0 at a goal, else 1, since at least one more move is needed.
% It never overestimates, and every move costs the same: say so, and A* and
% IDA* promise the fewest moves.

h( State, 0)  :-  goal( State), !.
h( _, 1).

admissible( h).
unit_costs.

% How a move is named, and how the jugs are drawn (a column each, the top row
% the fourth litre: ~ water, _ air, blank outside the jug).

move( jugs(B, S), jugs(B1, S1), Move)  :-
   (  B1 =:= 4, S1 =:= S  ->  Move = fill(big)
   ;  S1 =:= 3, B1 =:= B  ->  Move = fill(small)
   ;  B1 =:= 0, S1 =:= S  ->  Move = empty(big)
   ;  S1 =:= 0, B1 =:= B  ->  Move = empty(small)
   ;  B1 < B              ->  Move = pour(big, small)
   ;  Move = pour(small, big)
   ).

draw( jugs(B, S), Rows)  :-
   findall( [Big, Small],
            ( member( Level, [4, 3, 2, 1]),
              cell( big, B, Level, Big),
              cell( small, S, Level, Small) ),
            Rows).

cell( _, Litres, Level, '~')  :-  Level =< Litres, !.
cell( Jug, _, Level, '_')  :-  capacity( Jug, C), Level =< C, !.
cell( _, _, _, ' ').

% The 8-puzzle of Bratko's best-first search (seed 003: Prolog Programming for AI, ch. 12)

/* Problem-specific procedures for the eight puzzle, as the book gives them
   (figure 12.6): searchlab asks s/3, goal/1 and h/2 exactly as the book's
   best-first procedure does. Two changes, neither in the logic: the singleton
   variables Empty and Empty1 of h/2 are written _Empty and _Empty1 (SWI-Prolog
   warns about them), and the book's start1/start2/start3 are joined by start/1.
   unit_costs, move/3 and draw/2 at the end are searchlab's, not the book's.

   Current situation is represented as a list of positions of the tiles, with
   first item in the list corresponding to the empty square. Example:

     3   1 2 3       This position is represented by:
     2   8   4       [2/2, 1/3, 2/3, 3/3, 3/2, 3/1, 2/1, 1/1, 1/2]
     1   7 6 5
         1 2 3

   "Empty" can move to any of its neighbours, which means that "empty" and its
   neighbour interchange their positions.
*/

% s( Node, SuccessorNode, Cost)

s( [Empty | Tiles], [Tile | Tiles1], 1)  :-   % All arc costs are 1
   swap( Empty, Tile, Tiles, Tiles1).          % Swap Empty and Tile in Tiles

swap( Empty, Tile, [Tile | Ts], [Empty | Ts] )  :-
   mandist( Empty, Tile, 1).                   % Manhattan distance = 1

swap( Empty, Tile, [T1 | Ts], [T1 | Ts1] )  :-
   swap( Empty, Tile, Ts, Ts1).

mandist( X/Y, X1/Y1, D)  :-           % D is Manhattan distance between two squares
   dif( X, X1, Dx),
   dif( Y, Y1, Dy),
   D is Dx + Dy.

dif( A, B, D)  :-                     % D is |A-B|
   D is A-B, D >= 0, !
   ;
   D is B-A.

% Heuristic estimate h is the sum of distances of each tile
% from its "home" square plus 3 times "sequence" score

h( [_Empty | Tiles], H)  :-
   goal( [_Empty1 | GoalSquares] ),
   totdist( Tiles, GoalSquares, D),       % Total distance from home squares
   seq( Tiles, S),                        % Sequence score
   H is D + 3*S.

totdist( [], [], 0).

totdist( [Tile | Tiles], [Square | Squares], D)  :-
   mandist( Tile, Square, D1),
   totdist( Tiles, Squares, D2),
   D is D1 + D2.

% seq( TilePositions, Score): sequence score

seq( [First | OtherTiles], S)  :-
   seq( [First | OtherTiles ], First, S).

seq( [Tile1, Tile2 | Tiles], First, S)  :-
   score( Tile1, Tile2, S1),
   seq( [Tile2 | Tiles], First, S2),
   S is S1 + S2.

seq( [Last], First, S)  :-
   score( Last, First, S).

score( 2/2, _, 1)  :-  !.               % Tile in centre scores 1

score( 1/3, 2/3, 0)  :-  !.             % Proper successor scores 0
score( 2/3, 3/3, 0)  :-  !.
score( 3/3, 3/2, 0)  :-  !.
score( 3/2, 3/1, 0)  :-  !.
score( 3/1, 2/1, 0)  :-  !.
score( 2/1, 1/1, 0)  :-  !.
score( 1/1, 1/2, 0)  :-  !.
score( 1/2, 1/3, 0)  :-  !.

score( _, _, 2).                        % Tiles out of sequence score 2

goal( [2/2,1/3,2/3,3/3,3/2,3/1,2/1,1/1,1/2] ).

% Starting positions for some puzzles

start1( [2/2,1/3,3/2,2/3,3/3,3/1,2/1,1/1,1/2] ).  % Requires 4 steps
start2( [2/1,1/2,1/3,3/3,3/2,3/1,2/2,1/1,2/3] ).  % Requires 5 steps
start3( [2/2,2/3,1/3,3/1,1/2,2/1,3/3,1/1,3/2] ).  % Requires 18 steps

start( Pos)  :-  start3( Pos).

% searchlab's additions: every move costs the same (so breadth-first search promises
% the fewest moves), a move is named by the way the empty square goes (as searchlab's
% own 8-puzzle names it), and a position is drawn as the board.

unit_costs.

move( [X/Y | _], [X1/Y1 | _], Way)  :-
   (  Y1 > Y  ->  Way = up
   ;  Y1 < Y  ->  Way = down
   ;  X1 < X  ->  Way = left
   ;  Way = right
   ).

draw( [Empty | Tiles], [Row3, Row2, Row1])  :-
   row( 3, [Empty | Tiles], Row3),
   row( 2, [Empty | Tiles], Row2),
   row( 1, [Empty | Tiles], Row1).

row( Y, Position, [A, B, C])  :-
   cell( 1/Y, Position, A),
   cell( 2/Y, Position, B),
   cell( 3/Y, Position, C).

cell( Square, [Square | _], ' ')  :-  !.        % the empty square
cell( Square, [_ | Tiles], Tile)  :-
   nth1( Tile, Tiles, Square).

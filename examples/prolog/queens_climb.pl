% Seed 000's 8-queens for hill climbing: the column move (version 2) and h2 as value/2

/* The document's state is a list of 8 queens (Row,Column), 1-based, written as
   its program writes them: [(1,1),(4,2),(3,3),(1,4),(7,5),(3,6),(7,7),(5,8)].

   Version 2's move takes a queen to another row of its own column, the new row
   in the outer loop (1..8) and the queens in list order in the inner one, as the
   document's mover/3 enumerates them; with searchlab's hill climbing and
   --tie-break last (on ties the document keeps the successor generated last) a
   climb makes the document's choices. The document's program could also rewrite
   a queen into another queen's column; this one cannot (a queen stays in its
   column), so every state it prints is a real board.

   value/2 is the document's h2: for each queen, the number of other queens it
   attacks (row, column or diagonal), summed, so every attacking pair counts twice.
   Hill climbing makes it smaller; 0 is a solution.

     searchlab prolog examples/prolog/queens_climb.pl -a hill-climbing --tie-break last
*/

s( Queens, Next, 1)  :-
   between( 1, 8, Row),
   move_queen( Queens, Row, Next).

move_queen( [(R,C) | Queens], Row, [(Row,C) | Queens])  :-
   R =\= Row.
move_queen( [Queen | Queens], Row, [Queen | Next])  :-
   move_queen( Queens, Row, Next).

value( Queens, H)  :-
   findall( x, ( select( Q1, Queens, Others), member( Q2, Others), attacks( Q1, Q2) ), Pairs),
   length( Pairs, H).

attacks( (R1,C1), (R2,C2))  :-
   (  R1 =:= R2  ;  C1 =:= C2  ;  abs( R1 - R2) =:= abs( C1 - C2)  ), !.

goal( Queens)  :-
   value( Queens, 0).

% The document's eight cases; start/1 is case 1. Cases 4, 6 and 7 have two queens
% in a column, which version 2 does not take (`searchlab queens` refuses them).

case( 1, [(1,1),(4,2),(3,3),(1,4),(7,5),(3,6),(7,7),(5,8)]).
case( 2, [(1,1),(2,2),(3,3),(4,4),(5,5),(6,6),(7,7),(8,8)]).
case( 3, [(1,1),(1,2),(1,3),(1,4),(1,5),(1,6),(1,7),(1,8)]).
case( 4, [(1,1),(2,1),(3,1),(4,1),(5,1),(6,1),(7,1),(8,1)]).
case( 5, [(1,1),(2,2),(3,3),(4,4),(5,5),(6,6),(2,7),(1,8)]).
case( 6, [(5,1),(4,2),(3,3),(2,4),(6,4),(5,5),(4,6),(7,3)]).
case( 7, [(2,2),(3,3),(7,2),(6,3),(3,6),(2,7),(6,6),(7,7)]).
case( 8, [(1,1),(6,2),(8,3),(3,4),(7,5),(4,6),(2,7),(5,8)]).

start( Queens)  :-
   case( 1, Queens).

% A move is named by the square the queen leaves and the one it goes to; a board
% is drawn row 1 at the top, a Q for a queen.

move( Queens, Next, From-To)  :-
   nth1( I, Queens, From),
   nth1( I, Next, To),
   From \== To, !.

draw( Queens, Rows)  :-
   findall( Row, ( between( 1, 8, R), findall( Cell, ( between( 1, 8, C), square( Queens, R, C, Cell) ), Row) ), Rows).

square( Queens, R, C, 'Q')  :-  memberchk( (R,C), Queens), !.
square( _, _, _, ' ').

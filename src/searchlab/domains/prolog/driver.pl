/*  searchlab's side of the bridge to a Prolog problem (searchlab.domains.prolog).

    Run as   swipl -q -f none --stack-limit=256m driver.pl FILE
    it loads FILE into the module user, says what it defines, then answers one
    request a line on standard input, one reply on standard output, until the
    input ends. Every field is separated by a tab; a term travels as Prolog writes
    it with quoted(true), which escapes tabs and newlines inside quotes, so a term
    is always one field and equal terms are equal texts.

    Requests:  Op TAB Args...
      expand  Want State   s/3 in Prolog's order: "lines N", then N lines
                           Child TAB Cost TAB Goal TAB H TAB Value TAB Move, where
                           Want (letters g, h, v, m) says which of the last four
                           to compute (the others are empty)
      goal    State        "ok 1" or "ok 0"
      h       State        "ok H"        value State: "ok V"
      start                "ok State" (the first answer of start/1)
      parse   Text         "ok State" (Text read as a term, never called)
      draw    State        "lines N", then N lines: one row, its cells tab-separated
    Replies that are not "ok":
      error   Pred TAB State TAB Message   Pred raised an exception
      bad     Pred TAB State TAB What TAB Detail   Pred broke its promise
      timeout Pred TAB State               the time limit stopped Pred

    The user's code reads an empty input and writes to standard error, so nothing
    it prints can mix with the replies. A call is stopped by the signal SIGUSR1,
    which searchlab sends when the call's time is up: the reply is then "timeout".
    (A limit set here with call_with_time_limit/2 for every call would cost more
    than the rest of the driver's work on a small state: a signal costs nothing
    until it is sent.) A signal that arrives between calls is ignored.
*/

:- module(searchlab_driver, []).
:- use_module(library(lists)).
:- use_module(library(apply)).

:- initialization(main, main).

:- dynamic loaded_message/4.            % Kind, File, Line, Text

:- multifile user:message_hook/3.

user:message_hook(Term, Kind, Lines) :-
    nb_current(searchlab_loading, true),
    memberchk(Kind, [error, warning]),
    message_place(Term, File, Line),
    message_text(Term, Lines, Text),
    assertz(loaded_message(Kind, File, Line, Text)).

message_place(error(_, file(File, Line, _, _)), File, Line) :- !.
message_place(_, File, Line) :-
    source_location(File, Line), !.
message_place(_, '', 0).

message_text(error(syntax_error(What), file(_, _, _, _)), _, Text) :- !,
    error_text(error(syntax_error(What), _), Text).
message_text(_, Lines, Text) :-
    with_output_to(string(Full), print_message_lines(current_output, '', Lines)),
    one_line(Full, Text).

error_text(Error, Text) :-
    (   catch('$messages':translate_message(Error, Lines, []), _, fail)
    ->  with_output_to(string(Full), print_message_lines(current_output, '', Lines))
    ;   format(string(Full), "~q", [Error])
    ),
    one_line(Full, Text).

%   one_line(+Text, -Line): the first line of a message, tabs made spaces.
one_line(Text, Line) :-
    split_string(Text, "\n", " \t", [First|_]),
    split_string(First, "\t", "", Parts),
    atomic_list_concat(Parts, ' ', Atom),
    atom_string(Atom, Line).

main :-
    current_prolog_flag(argv, [File|_]),
    streams(In, Out),
    load(File, Out),
    serve(In, Out).

%   streams(-In, -Out): the requests and the replies, in UTF-8 (tracer.pl's too); the
%   user's code reads an empty input and writes to standard error, and SIGUSR1 stops
%   the call running (time_is_up).
streams(In, Out) :-
    stream_property(In, alias(user_input)),
    stream_property(Out, alias(user_output)),
    set_stream(In, encoding(utf8)),
    set_stream(Out, encoding(utf8)),
    set_stream(Out, buffer(full)),
    open_string("", Nothing),
    set_stream(Nothing, alias(user_input)),
    set_stream(user_error, alias(user_output)),
    set_input(Nothing),
    set_output(user_error),
    nb_setval(searchlab_busy, false),
    on_signal(usr1, _, searchlab_driver:time_is_up).

load(File, Out) :-
    nb_setval(searchlab_loading, true),
    catch(user:load_files(File, []), Error, loading_failed(Error)),
    nb_setval(searchlab_loading, false),
    forall(loaded_message(warning, F, L, Text),
           format(Out, "warning\t~w\t~w\t~w~n", [F, L, Text])),
    (   loaded_message(error, F, L, Text)
    ->  format(Out, "loaderror\t~w\t~w\t~w~n", [F, L, Text]),
        flush_output(Out),
        halt(0)
    ;   findall(Name/Arity, defines(Name, Arity), Defined),
        findall(H, admissible(H), Admissible),
        (   defines(unit_costs, 0), catch(user:unit_costs, _, fail) -> Unit = 1 ; Unit = 0 ),
        format(Out, "ready\t~w\t~w\t~w~n", [Defined, Admissible, Unit]),
        flush_output(Out)
    ).

admissible(Name) :-
    defines(admissible, 1),
    catch(user:admissible(Name), _, fail),
    atom(Name).

loading_failed(Error) :-
    message_place(Error, File, Line),
    error_text(Error, Text),
    assertz(loaded_message(error, File, Line, Text)).

%   defines(?Name, ?Arity): a predicate of the problem's protocol the file defines
%   (not one a library happens to export).
defines(Name, Arity) :-
    member(Name/Arity, [s/3, goal/1, h/2, value/2, start/1, move/3, draw/2,
                        admissible/1, unit_costs/0]),
    functor(Head, Name, Arity),
    current_predicate(_, user:Head),
    \+ ( predicate_property(user:Head, imported_from(Module)),
         module_property(Module, class(Class)),
         memberchk(Class, [system, library])
       ).

serve(In, Out) :-
    repeat,
    read_line_to_string(In, Line),
    (   Line == end_of_file
    ->  !
    ;   split_string(Line, "\t", "", [Op|Args]),
        nb_setval(searchlab_stage, request-Line),
        (   catch(busy(answer(Op, Args, Reply)), Error, failed(Error, Reply))
        ->  true
        ;   Reply = [error, request, Op, 'the driver could not answer']
        ),
        write_reply(Out, Reply),
        flush_output(Out),
        fail
    ).

busy(Goal) :-
    setup_call_cleanup(nb_setval(searchlab_busy, true),
                       once(Goal),
                       nb_setval(searchlab_busy, false)).

time_is_up(_Signal) :-
    (   nb_getval(searchlab_busy, true)
    ->  throw(time_limit_exceeded)
    ;   true
    ).

failed(Error, Reply) :-
    nb_getval(searchlab_stage, Pred-State),
    (   timed_out(Error)
    ->  Reply = [timeout, Pred, State]
    ;   Error = searchlab_bad(What, Detail)
    ->  Reply = [bad, Pred, State, What, Detail]
    ;   error_text(Error, Text),
        Reply = [error, Pred, State, Text]
    ).

timed_out(time_limit_exceeded).

write_reply(Out, lines(Lines)) :- !,
    length(Lines, N),
    format(Out, "lines\t~d~n", [N]),
    forall(member(Line, Lines), format(Out, "~s~n", [Line])).
write_reply(Out, Fields) :-
    atomic_list_concat(Fields, '\t', Text),
    format(Out, "~w~n", [Text]).

%   stage(+Pred, +State): what runs now, named in an error or a timeout.
stage(Pred, State) :-
    nb_setval(searchlab_stage, Pred-State).

text(Term, Text) :-
    with_output_to(string(Text),
                   write_term(Term, [quoted(true), numbervars(false), module(user)])).

read_state(Text, State) :-
    term_string(State, Text, [module(user)]).

answer("expand", [Want, Text], lines(Lines)) :- !,
    read_state(Text, State),
    stage('s/3', Text),
    findall(Child-Cost, user:s(State, Child, Cost), Arcs),
    string_chars(Want, Wanted),
    maplist(arc(Wanted, State, Text), Arcs, Lines).
answer("goal", [Text], [ok, Answer]) :- !,
    read_state(Text, State),
    is_goal(State, Text, Answer).
answer("h", [Text], [ok, H]) :- !,
    read_state(Text, State),
    estimate(h, 'h/2', State, Text, H).
answer("value", [Text], [ok, V]) :- !,
    read_state(Text, State),
    estimate(value, 'value/2', State, Text, V).
answer("start", [], [ok, Text]) :- !,
    stage('start/1', ''),
    (   once(user:start(State))
    ->  ground_or_bad(State, unbound),
        text(State, Text)
    ;   throw(searchlab_bad(failed, ''))
    ).
answer("parse", Parts, [ok, Text]) :- !,
    atomic_list_concat(Parts, '\t', Typed),
    stage(parse, ''),
    term_string(State, Typed, [module(user)]),
    ground_or_bad(State, unbound),
    text(State, Text).
answer("draw", [Text], lines(Lines)) :- !,
    read_state(Text, State),
    stage('draw/2', Text),
    (   once(user:draw(State, Rows))
    ->  drawn_rows(Rows, Lines)
    ;   throw(searchlab_bad(failed, ''))
    ).

ground_or_bad(Term, What) :-
    (   ground(Term)
    ->  true
    ;   text(Term, Text),
        throw(searchlab_bad(What, Text))
    ).

arc(Wanted, State, Parent, Child-Cost, Line) :-
    stage('s/3', Parent),
    text(Child, ChildText),
    ground_or_bad(Child, unbound),
    number_text(Cost, cost, CostField),
    (   memberchk(g, Wanted) -> is_goal(Child, ChildText, G) ; G = '' ),
    (   memberchk(h, Wanted) -> estimate(h, 'h/2', Child, ChildText, H) ; H = '' ),
    (   memberchk(v, Wanted) -> estimate(value, 'value/2', Child, ChildText, V) ; V = '' ),
    (   memberchk(m, Wanted) -> move_name(State, Parent, Child, M) ; M = '' ),
    atomic_list_concat([ChildText, CostField, G, H, V, M], '\t', Atom),
    atom_string(Atom, Line).

is_goal(State, Text, Answer) :-
    stage('goal/1', Text),
    (   user:goal(State) -> Answer = 1 ; Answer = 0 ).

estimate(Name, Pred, State, Text, Field) :-
    stage(Pred, Text),
    (   call(user:Name, State, Value)
    ->  number_text(Value, number, Field)
    ;   throw(searchlab_bad(failed, ''))
    ).

move_name(State, Parent, Child, Field) :-
    stage('move/3', Parent),
    (   once(user:move(State, Child, Move))
    ->  text(Move, Field)
    ;   Field = ''
    ).

%   number_text(+Number, +What, -Text): Number as Python's float() reads it;
%   anything but a number (NaN included) is bad: What says which promise broke.
number_text(Number, _, Number) :-
    integer(Number), !.
number_text(Number, What, Text) :-
    (   number(Number),
        Float is float(Number),
        Float =:= Float
    ->  (   Float =:= inf -> Text = inf
        ;   Float =:= -inf -> Text = '-inf'
        ;   format(atom(Text), "~w", [Float])
        )
    ;   text(Number, Shown),
        throw(searchlab_bad(What, Shown))
    ).

drawn_rows(Rows, Lines) :-
    (   is_list(Rows)
    ->  maplist(drawn_row, Rows, Lines)
    ;   text(Rows, Shown),
        throw(searchlab_bad(rows, Shown))
    ).

drawn_row(Row, Line) :-
    (   is_list(Row)
    ->  maplist(cell_text, Row, Cells)
    ;   atomic(Row), \+ number(Row)
    ->  atom_chars(Row, Chars),
        maplist(cell_text, Chars, Cells)
    ;   text(Row, Shown),
        throw(searchlab_bad(rows, Shown))
    ),
    atomic_list_concat(Cells, '\t', Atom),
    atom_string(Atom, Line).

cell_text(Cell, Text) :-
    (   atomic(Cell)
    ->  format(string(Raw), "~w", [Cell])
    ;   text(Cell, Raw)
    ),
    split_string(Raw, "\t\n", "", Parts),
    atomic_list_concat(Parts, ' ', Text).

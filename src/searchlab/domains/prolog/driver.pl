/*  searchlab's side of the bridge to a Prolog problem (searchlab.domains.prolog).

    Run as   swipl -q -f none --stack-limit=256m driver.pl FILE
    it reads one line "names TAB Name..." (the relation names searchlab may use),
    loads FILE into the module user, says with which arities it defines each
    name ("defines TAB Name TAB Arity" lines, then "ready"), then answers one
    request a line on standard input, one reply on standard output, until the
    input ends. Every field is separated by a tab; a term travels as Prolog writes
    it with quoted(true), which escapes tabs and newlines inside quotes, so a term
    is always one field and equal terms are equal texts.

    Which predicate plays which part (the successor relation, s/3 in Bratko's
    book, the goal, h, value, start, and the check of legal states) is set by the
    request "bind TAB Third TAB Role TAB Name TAB Label ...": Name is the atom's
    text, Label how messages show Name/Arity. Third says what the successor
    relation's third argument is: cost (Bratko's s/3), value (the next state's
    value, every step costing 1: seed 000's mover/3) or ignore (every step 1).

    Requests:  Op TAB Args...
      bind    Third TAB Role TAB Name TAB Label ...          "ok"
      expand  Want State   the successors in Prolog's order: "lines N", then N
                           lines Child TAB Cost TAB Goal TAB H TAB Value TAB Move
                           TAB Clause, where Want (letters g, h, v, m, c) says
                           which of the last five to compute (the others are
                           empty; Clause is the number, from 1, of the successor
                           relation's clause that gave the answer); a successor
                           the check refuses is "bad ... illegal"
      goal    State        "ok 1" or "ok 0" (without a goal relation: value 0)
      check   State        "ok 1" or "ok 0"
      h       State        "ok H"        value State: "ok V"
      start                "ok State" (the first answer of the start relation)
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
:- dynamic relation/3.                  % Role, Name, Label (set by bind)
:- dynamic third/1.                     % cost, value or ignore

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
    current_prolog_flag(argv, [File|Lifeline]),
    forall(member(Pid, Lifeline), watch_parent(Pid)),
    streams(In, Out),
    read_names(In, Names),
    load(File, Names, Out),
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

%   read_names(+In, -Names): the first line searchlab sends, "names" TAB the predicate
%   names whose arities loading reports (tracer.pl's too).
read_names(In, Names) :-
    read_line_to_string(In, NamesLine),
    split_string(NamesLine, "\t", "", [_|NameTexts]),
    maplist([Text, Name]>>atom_string(Name, Text), NameTexts, Names).

%   watch_parent(+Pid): end this process when searchlab's (Pid) has ended, however
%   it ended: a killed searchlab runs no clean-up, and a call that never ends would
%   never read the end of its input. Where there is no /proc (macOS), searchlab's
%   own clean-up is all there is.
watch_parent(Pid) :-
    atomic_list_concat(['/proc/', Pid, '/stat'], Stat),
    (   alive(Stat)
    ->  thread_create(parent_gone(Stat), _, [detached(true)])
    ;   true
    ).

parent_gone(Stat) :-
    repeat,
    sleep(0.5),
    \+ alive(Stat),
    !,
    halt(0).

%   alive(+Stat): the process of /proc/Pid/stat runs (is not a zombie, whose
%   entry stays until its own parent reaps it).
alive(Stat) :-
    catch(read_file_to_string(Stat, Text, []), _, fail),
    split_string(Text, ")", "", Parts),
    last(Parts, Rest),
    split_string(Rest, " ", "", Fields),
    exclude(==(""), Fields, [State|_]),
    \+ memberchk(State, ["Z", "X"]).

load(File, Names, Out) :-
    nb_setval(searchlab_loading, true),
    catch(user:load_files(File, []), Error, loading_failed(Error)),
    nb_setval(searchlab_loading, false),
    forall(loaded_message(warning, F, L, Text),
           format(Out, "warning\t~w\t~w\t~w~n", [F, L, Text])),
    (   loaded_message(error, F, L, Text)
    ->  format(Out, "loaderror\t~w\t~w\t~w~n", [F, L, Text]),
        flush_output(Out),
        halt(0)
    ;   forall(( member(Name, Names), defines(Name, Arity) ),
               format(Out, "defines\t~w\t~d~n", [Name, Arity])),
        findall(H, admissible(H), Admissible),
        (   defines(unit_costs, 0), catch(user:unit_costs, _, fail) -> Unit = 1 ; Unit = 0 ),
        format(Out, "ready\t~w\t~w~n", [Admissible, Unit]),
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

%   defines(+Name, -Arity): a predicate Name/Arity the file defines (not one a
%   library happens to export).
defines(Name, Arity) :-
    current_predicate(user:Name/Arity),
    functor(Head, Name, Arity),
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
    ;   Error \= error(_, _)                  % throw(Ball) of the file's own
    ->  text(Error, Ball),
        format(string(Full), "throw(~w), which nothing caught", [Ball]),
        one_line(Full, Text),
        Reply = [error, Pred, State, Text]
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

answer("bind", [Third|Fields], [ok]) :- !,
    retractall(relation(_, _, _)),
    retractall(third(_)),
    atom_string(Mode, Third),
    assertz(third(Mode)),
    bind(Fields).
answer("expand", [Want, Text], lines(Lines)) :- !,
    read_state(Text, State),
    relation(successor, Successor, Label),
    stage(Label, Text),
    string_chars(Want, Wanted),
    (   memberchk(c, Wanted)
    ->  watched_answers(Successor, State, Arcs)
    ;   findall(Child-Third-'', call(user:Successor, State, Child, Third), Arcs)
    ),
    maplist(arc(Wanted, State, Text), Arcs, Lines).
answer("goal", [Text], [ok, Answer]) :- !,
    read_state(Text, State),
    is_goal(State, Text, Answer).
answer("check", [Text], [ok, Answer]) :- !,
    read_state(Text, State),
    (   legal(State, Text) -> Answer = 1 ; Answer = 0 ).
answer("h", [Text], [ok, H]) :- !,
    read_state(Text, State),
    estimate(h, State, Text, H).
answer("value", [Text], [ok, V]) :- !,
    read_state(Text, State),
    estimate(value, State, Text, V).
answer("start", [], [ok, Text]) :- !,
    relation(start, Start, Label),
    stage(Label, ''),
    (   once(call(user:Start, State))
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

bind([]).
bind([Role, Name, Label|Fields]) :-
    atom_string(RoleAtom, Role),
    atom_string(NameAtom, Name),
    atom_string(LabelAtom, Label),
    assertz(relation(RoleAtom, NameAtom, LabelAtom)),
    bind(Fields).

ground_or_bad(Term, What) :-
    (   ground(Term)
    ->  true
    ;   text(Term, Text),
        throw(searchlab_bad(What, Text))
    ).

%   watched_answers(+Successor, +State, -Arcs): every Child-Third-Clause of the
%   successor relation on State, Clause the number of the clause that gave the answer.
%   SWI-Prolog's tracer says it exactly (a cut in a clause included), at the exit port
%   of the relation's own frame, whose parent is successor_call/4; the frame's body is
%   skipped (run untraced, at full speed) at its call and redo ports. The tracer runs
%   only while the answers are collected, and only when asked (the viewer asks, the
%   command line not).
watched_answers(Successor, State, Arcs) :-
    nb_setval(searchlab_clause, ''),
    setup_call_cleanup(
        ( nb_setval(searchlab_watch, true),
          visible(-all), visible(+call), visible(+redo), visible(+exit),
          leash(-all), trace
        ),
        findall(Child-Third-Clause,
                ( successor_call(Successor, State, Child, Third),
                  nb_getval(searchlab_clause, Clause)
                ),
                Arcs),
        ( notrace, nodebug, nb_setval(searchlab_watch, false) )).

successor_call(Successor, State, Child, Third) :-
    call(user:Successor, State, Child, Third).

:- multifile user:prolog_trace_interception/4.
:- dynamic user:prolog_trace_interception/4.

user:prolog_trace_interception(Port, Frame, _PC, Action) :-
    nb_current(searchlab_watch, true),
    !,
    (   prolog_frame_attribute(Frame, parent, Parent),
        prolog_frame_attribute(Parent, predicate_indicator, Called),
        memberchk(Called, [successor_call/4, searchlab_driver:successor_call/4])
    ->  (   Port == exit
        ->  prolog_frame_attribute(Frame, clause, Ref),
            nth_clause(_, Index, Ref),
            nb_setval(searchlab_clause, Index),
            Action = continue
        ;   Action = skip
        )
    ;   Action = continue
    ).

%   arc(+Wanted, +State, +Parent, +Child-Third-Clause, -Line): one successor's reply line.
%   With "third value" the third argument is Child's value (the step costs 1), and
%   without a goal relation Child is a goal when that value is 0.
arc(Wanted, State, Parent, Child-Third-Clause, Line) :-
    relation(successor, _, Label),
    stage(Label, Parent),
    text(Child, ChildText),
    ground_or_bad(Child, unbound),
    third(Mode),
    (   Mode == cost
    ->  number_text(Third, cost, CostField), Given = ''
    ;   Mode == value
    ->  number_text(Third, value, Given), CostField = 1
    ;   CostField = 1, Given = ''
    ),
    (   legal(Child, ChildText) -> true
    ;   stage(Label, Parent),
        throw(searchlab_bad(illegal, ChildText))
    ),
    (   memberchk(g, Wanted)
    ->  (   Given \== '', \+ relation(goal, _, _)
        ->  ( Third =:= 0 -> G = 1 ; G = 0 )
        ;   is_goal(Child, ChildText, G)
        )
    ;   G = ''
    ),
    (   memberchk(h, Wanted) -> estimate(h, Child, ChildText, H) ; H = '' ),
    (   memberchk(v, Wanted)
    ->  (   Given \== '' -> V = Given ; estimate(value, Child, ChildText, V) )
    ;   V = ''
    ),
    (   memberchk(m, Wanted) -> move_name(State, Parent, Child, M) ; M = '' ),
    atomic_list_concat([ChildText, CostField, G, H, V, M, Clause], '\t', Atom),
    atom_string(Atom, Line).

%   is_goal(+State, +Text, -Answer): the goal relation, or (when there is none)
%   whether the value relation gives 0, as seed 000's heuristica(E, 0).
is_goal(State, Text, Answer) :-
    (   relation(goal, Goal, Label)
    ->  stage(Label, Text),
        (   call(user:Goal, State) -> Answer = 1 ; Answer = 0 )
    ;   estimate(value, State, Text, _, Value),
        (   Value =:= 0 -> Answer = 1 ; Answer = 0 )
    ).

%   legal(+State, +Text): the check relation accepts State (true without one).
legal(State, Text) :-
    (   relation(check, Check, Label)
    ->  stage(Label, Text),
        call(user:Check, State)
    ;   true
    ).

estimate(Role, State, Text, Field) :-
    estimate(Role, State, Text, Field, _).

estimate(Role, State, Text, Field, Value) :-
    relation(Role, Name, Label),
    stage(Label, Text),
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

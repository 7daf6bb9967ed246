/*  searchlab's side of a Prolog query stepped port by port (searchlab.domains.prolog.query).

    Run as   swipl -q -f none --stack-limit=256m tracer.pl FILE
    it loads FILE as driver.pl does (the same "warning", "loaderror" and "ready"
    lines: the loading is driver.pl's own), then answers one request a line, each
    field separated by a tab, terms written as Prolog writes them with quoted(true):

      query  Text          Text read as a goal: "ok" TAB its variables' names, or
                           "error TAB query TAB TAB Message" (a syntax error, or a
                           goal of the query that names no predicate)
      next   Max Traced    run the query on to its next answer: "lines N", then N
                           lines, the last of which says where it stopped:
                             port    Port Depth Pred Clause Line Goal Drawn Name Value ...
                                     (only when Traced is 1) a port of one of the
                                     file's own predicates, as SWI-Prolog's tracer
                                     passes it (call, unify, exit, redo, fail,
                                     exception); Clause and Line are empty where no
                                     clause is chosen yet (Line too for a clause
                                     of a file FILE loads); Goal and the query's
                                     variables with their current bindings; Drawn
                                     the file's draw/2 of the first variable it
                                     draws (rows split by RS, cells by US), or empty
                             answer  Drawn Name Value ...   the next answer
                             more                      Max ports and no answer yet
                             done                      no more answers
                             error   Message           the query raised an error

    One process runs one query: the query is suspended inside the tracer's hook (or
    after an answer) while it waits for the next request, and asking for more resumes
    it where it stopped; asking for something else, or the end of the input, ends
    the process. A request's time limit is driver.pl's: SIGUSR1 stops the query,
    which then answers "timeout query" and is over.

    The ports are SWI-Prolog's own (prolog_trace_interception/4 with every port
    visible), kept for the predicates the loaded file defines in the module user:
    a library's predicates (member/2) and the builtins are run but not shown. The
    depth of a port counts the file's own predicates from the query down to it
    (1: a goal of the query).
*/

:- module(searchlab_tracer, []).
:- use_module(driver).
:- use_module(library(lists)).
:- use_module(library(apply)).

:- initialization(main, main).

:- dynamic buffered/1.                  % the ports of the page being filled

main :-
    current_prolog_flag(argv, [File|Lifeline]),
    forall(member(Pid, Lifeline), searchlab_driver:watch_parent(Pid)),
    searchlab_driver:streams(In, Out),
    set_stream(In, alias(searchlab_requests)),
    set_stream(Out, alias(searchlab_replies)),
    searchlab_driver:read_names(In, Names),
    searchlab_driver:load(File, Names, Out),
    absolute_file_name(File, Loaded),
    nb_setval(searchlab_file, Loaded),          % a port's line is one of this file's
    nb_setval(searchlab_traced, false),
    serve.

serve :-
    request(Request),
    (   Request = ["query", Text]
    ->  query(Text)
    ;   Request == end
    ->  true
    ;   reply([error, request, '', 'ask for a query first']),
        serve
    ).

%   request(-Fields): the next request's fields, or end at the end of the input.
request(Request) :-
    read_line_to_string(searchlab_requests, Line),
    (   Line == end_of_file
    ->  Request = end
    ;   split_string(Line, "\t", "", Request)
    ).

reply(Fields) :-
    atomic_list_concat(Fields, '\t', Text),
    format(searchlab_replies, "~w~n", [Text]),
    flush_output(searchlab_replies).

query(Text) :-
    (   catch(term_string(Goal, Text, [variable_names(Names), module(user)]), Error, true)
    ->  true
    ;   Error = error(syntax_error(end_of_file), _)
    ),
    (   nonvar(Error)
    ->  searchlab_driver:error_text(Error, Message),
        reply([error, query, '', Message])
    ;   unknown(Goal, Unknown)
    ->  format(atom(Message), "the query calls ~q, which is not defined", [Unknown]),
        reply([error, query, '', Message])
    ;   \+ callable(Goal)
    ->  searchlab_driver:text(Goal, Shown),
        format(atom(Message), "~w is not a goal", [Shown]),
        reply([error, query, '', Message])
    ;   maplist([Name=_, Name]>>true, Names, Keys),
        atomic_list_concat([ok|Keys], '\t', Ok),
        reply([Ok]),
        b_setval(searchlab_names, Names),
        run(Goal, Names)
    ).

%   unknown(+Goal, -Indicator): a goal of the query (through its control constructs)
%   that names no predicate, not even one a library would load.
unknown(Goal, _) :-
    var(Goal), !, fail.
unknown(Goal, Unknown) :-
    control(Goal, Parts), !,
    member(Part, Parts),
    unknown(Part, Unknown), !.
unknown(Goal, Name/Arity) :-
    callable(Goal),
    \+ predicate_property(user:Goal, defined),
    functor(Goal, Name, Arity).

control((A, B), [A, B]).
control((A ; B), [A, B]).
control((A -> B), [A, B]).
control((A *-> B), [A, B]).
control(\+ A, [A]).
control(findall(_, A, _), [A]).
control(forall(A, B), [A, B]).
control(once(A), [A]).
control(ignore(A), [A]).

%   run(+Goal, +Names): every answer of Goal in turn, each asked for by a "next".
run(Goal, Names) :-
    await,
    catch(answers(Goal, Names), Error, stopped(Error)),
    finish.

answers(Goal, Names) :-
    (   traced(user:Goal),
        notrace,
        nb_setval(searchlab_busy, false),
        bindings(Names, Fields),
        drawing(Names, Drawn),
        end_page([answer, Drawn|Fields]),
        await,
        retrace,
        fail
    ;   notrace,
        end_page([done])
    ).

%   traced(+Goal): Goal, under the tracer when the request asked for ports.
traced(Goal) :-
    retrace,
    call(Goal).

retrace :-
    (   nb_getval(searchlab_traced, true)
    ->  visible(+all),
        leash(-all),
        trace
    ;   true
    ).

stopped(Error) :-
    notrace,
    nb_setval(searchlab_busy, false),
    (   Error == time_limit_exceeded
    ->  reply([timeout, query, ''])
    ;   searchlab_driver:error_text(Error, Message),
        end_page([error, Message])
    ).

%   finish: the query is over; every later "next" hears "done".
finish :-
    request(Request),
    (   Request = ["next"|_]
    ->  reply([lines, 1]),
        reply([done]),
        finish
    ;   true
    ).

%   await: wait for the next "next" (its page limit and whether to trace kept); on
%   anything else the query, and the process, end.
await :-
    nb_setval(searchlab_busy, false),
    request(Request),
    (   Request = ["next", MaxText, TracedText]
    ->  number_string(Max, MaxText),
        nb_setval(searchlab_left, Max),
        (   TracedText == "1" -> Traced = true ; Traced = false ),
        nb_setval(searchlab_traced, Traced),
        nb_setval(searchlab_busy, true)
    ;   halt(0)
    ).

%   end_page(+Last): the page of ports so far, Last its last line.
end_page(Last) :-
    findall(Line, retract(buffered(Line)), Lines),
    length(Lines, N0),
    N is N0 + 1,
    reply([lines, N]),
    forall(member(Line, Lines), reply([Line])),
    reply(Last).

bindings(Names, Fields) :-
    named_texts(Names, [], Values),
    name_value_fields(Names, Values, Fields).

name_value_fields(Names, Values, Fields) :-
    maplist([Name=_, Value, [Name, Value]]>>true, Names, Values, Pairs),
    append(Pairs, Fields).

%   named_texts(+Names, +Terms, -Texts): the query's variables' values, then Terms,
%   as Prolog writes them, the query's unbound variables by their names and every
%   other variable as _1, _2, … (numbered together, so a shared one reads the same).
named_texts(Names, Terms, Texts) :-
    maplist([_=Value, Value]>>true, Names, Values),
    append(Values, Terms, All),
    \+ \+ ( maplist(name_variable, Names),
            term_variables(All, Free),
            foldl(number_variable, Free, 1, _),
            maplist(written, All, Written),
            nb_setval(searchlab_texts, Written)
          ),
    nb_getval(searchlab_texts, Texts0),
    length(Values, Skip),
    length(Prefix, Skip),
    append(Prefix, Rest, Texts0),
    (   Terms == [] -> Texts = Prefix ; Texts = Prefix-Rest ).

name_variable(Name=Variable) :-
    (   var(Variable) -> Variable = '$VAR'(Name) ; true ).

number_variable(Variable, N, N1) :-
    format(atom(Name), "_~d", [N]),
    Variable = '$VAR'(Name),
    N1 is N + 1.

written(Term, Text) :-
    with_output_to(string(Text),
                   write_term(Term, [quoted(true), numbervars(true), portray(false)])).

%   The hook: a port of one of the file's own predicates becomes a line of the page;
%   when the page is full it is sent and the query waits here for the next request.
:- multifile user:prolog_trace_interception/4.
:- dynamic user:prolog_trace_interception/4.

user:prolog_trace_interception(Port0, Frame, _PC, continue) :-
    nb_getval(searchlab_traced, true),
    own_frame(Frame, Pred),
    port_name(Port0, Port),
    !,
    port_line(Port, Frame, Pred, Line),
    assertz(buffered(Line)),
    nb_getval(searchlab_left, Left0),
    Left is Left0 - 1,
    (   Left > 0
    ->  nb_setval(searchlab_left, Left)
    ;   end_page([more]),
        await
    ).
user:prolog_trace_interception(_, _, _, continue).

port_name(call, call).
port_name(unify, unify).
port_name(exit, exit).
port_name(fail, fail).
port_name(redo(_), redo).
port_name(exception(_), exception).

%   own_frame(+Frame, -Pred): Frame runs a predicate of the file's (Name/Arity).
own_frame(Frame, Name/Arity) :-
    prolog_frame_attribute(Frame, predicate_indicator, Indicator),
    (   Indicator = user:Name/Arity -> true ; Indicator = Name/Arity ),
    atom(Name),
    own(Name, Arity).

own(Name, Arity) :-
    functor(Head, Name, Arity),
    predicate_property(user:Head, number_of_clauses(_)),
    \+ predicate_property(user:Head, imported_from(_)),
    \+ predicate_property(user:Head, built_in),
    Name \== prolog_trace_interception.

%   depth(+Frame, -Depth): the file's own predicates from the query down to Frame.
depth(Frame, Depth) :-
    (   prolog_frame_attribute(Frame, parent, Parent)
    ->  depth(Parent, Above),
        (   own_frame(Parent, _) -> Depth is Above + 1 ; Depth = Above )
    ;   Depth = 1
    ).

port_line(Port, Frame, Pred, Line) :-
    depth(Frame, Depth),
    prolog_frame_attribute(Frame, goal, Goal0),
    (   Goal0 = user:Goal -> true ; Goal = Goal0 ),
    (   Port \== call, Port \== fail, Port \== exception,
        prolog_frame_attribute(Frame, clause, Ref),
        nth_clause(_, Index, Ref)
    ->  (   clause_property(Ref, file(Source)),
            nb_getval(searchlab_file, Source),
            clause_property(Ref, line_count(Number))
        ->  true
        ;   Number = ''                         % a clause of a file it loads
        )
    ;   Index = '', Number = ''
    ),
    b_getval(searchlab_names, Names),
    named_texts(Names, [Goal], Values0-[GoalText0]),
    maplist(cut_text, [GoalText0|Values0], [GoalText|Values]),
    name_value_fields(Names, Values, Fields),
    searchlab_driver:text(Pred, PredText),
    drawing(Names, Drawn),
    atomic_list_concat([port, Port, Depth, PredText, Index, Number, GoalText, Drawn|Fields],
                       '\t', Line).

%   cut_text(+Text, -Cut): a port's text cut to 1000 characters (a page holds many
%   ports; an answer is sent whole).
cut_text(Text, Cut) :-
    (   string_length(Text, Length), Length > 1000
    ->  sub_string(Text, 0, 999, _, Start),
        string_concat(Start, "…", Cut)
    ;   Cut = Text
    ).

%   drawing(+Names, -Field): the file's draw/2 of the first of the query's variables it
%   draws, its rows joined by RS (30) and each row's cells by US (31); '' for none.
drawing(Names, Field) :-
    searchlab_driver:defines(draw, 2),
    member(_=Value, Names),
    catch(once(user:draw(Value, Rows)), _, fail),
    catch(searchlab_driver:drawn_rows(Rows, Lines), _, fail),
    !,
    maplist([Row, Cells]>>( split_string(Row, "\t", "", Parts),
                            atomic_list_concat(Parts, '\x1f\', Cells) ), Lines, Joined),
    atomic_list_concat(Joined, '\x1e\', Field).
drawing(_, '').

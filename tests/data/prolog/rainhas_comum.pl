% Seed 000 (000_fd72a4d473d0e4d8.txt): hill/2 and the two heuristics, as printed
/* Transcribed from the seed, nothing changed but the indentation of one clause
   (ataca(_, _, 1)). Loaded by rainhas_v1.pl and rainhas_v2.pl. troca/4 and
   entre/3 are printed under both versions, the same but for indentation: they are
   here once, as version 2 prints them. */

% Permite a troca de posicao de dois elementos em uma lista

troca(R1, R2, [R1| Resto], [R2| Resto]).
troca(R1, R2, [R3| Resto1], [R3| Resto2]) :-
    troca(R1, R2, Resto1, Resto2).

% Predicado que verifica se um valor esta entre dois outros, permitindo instanciar
% este valor caso ele nao esteja instanciado
entre(_, Min, Max) :-
    Min > Max,
    !,
    fail.
entre(X, X, _).
entre(X, Min, Max) :-
    ProxMin is Min + 1,
    entre(X, ProxMin, Max).

% Implementa busca informada - Algoritmo Hill Climbing

hill(I, F):-
    heuristica_1(I, H1),
    findall((H, Est), (mover(I, Est, H), H < H1), Lista_Est),
    minimo_lista1(Lista_Est, (H2, ProxEst)),
    H1 > H2,
    !,
    hill(ProxEst, F).
hill(I, I).

% Retorna o estado que tem a menor heuristica
minimo_lista1([L|Lc], Min):-
    min_l1(Lc, L, Min).

% Complemento do predicado minimo_lista1
min_l1([], Min, Min).
min_l1([L|Lc], MinAtual, Min):-
    maior1(L, MinAtual),
    !,
    min_l1(Lc, MinAtual, Min).
min_l1([L|Lc], MinAtual, Min):-
    min_l1(Lc, L, Min).

% Verifica qual heuristica eh maior
maior1((H, _), (H1, _)):-
    H > H1.

% Heuristica_1: retorna o numero de rainhas que atacam

heuristica_1(Est, H):-
    quantasAtacam(Est, Est, 0, H).

% Conta o numero de rainhas que atacam alguma outra rainha
quantasAtacam([], _, N, N).
quantasAtacam([R|Outras], Est, Ac, N):-
    ataca(R, Est, D),
    Ac1 is Ac + D,
    quantasAtacam(Outras, Est, Ac1, N).

% Determina se uma rainha ataca (1) ou nao (0)
ataca(R, Est, 0):-
    nao_ataca(R, Est),
    !.
ataca(_, _, 1).

% Verifica se uma rainha nao ataca todas as outras do tabuleiro
nao_ataca(_,[]).
nao_ataca(R, [R|Outras]):-
    !,
    nao_ataca(R, Outras).
nao_ataca((L,C),[(L1,C1)|Outras]):-
    L \= L1,
    C \= C1,
    T is C1-C,
    T2 is L1-L,
    T \= T2,
    T3 is L-L1,
    T \= T3,
    nao_ataca((L,C),Outras).

% Heuristica_2: retorna o total de ataques entre todas as rainhas

heuristica_2(Est, H):-
    contaAtaques(Est, Est, 0, H).

% Conta o total de ataques entre todas as rainhas
contaAtaques([], _, N, N).
contaAtaques([R|Outras], Est, Ac, N):-
    conta(R, Est, 0, D),
    !,
    Ac1 is Ac + D,
    contaAtaques(Outras, Est, Ac1, N).

conta(_, [], N, N).
conta(R, [R1|Outras], Ac, N):-
    ((R \= R1, ataca1(R, R1), Ac1 is Ac + 1); Ac1 is Ac),
    !,
    conta(R, Outras, Ac1, N).

ataca1((L,C),(L1,C1)):-
    L = L1.
ataca1((L,C),(L1,C1)):-
    C = C1.
ataca1((L,C),(L1,C1)):-
    T is C1-C,
    ((T2 is L1-L, T = T2);
    (T3 is L-L1, T = T3)).

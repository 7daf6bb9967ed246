% Seed 000 (000_fd72a4d473d0e4d8.txt), hill climbing on the 8 queens: Versão 1
/* Transcribed from the seed as printed (its indentation straightened), nothing
   else changed. The one line added is the ensure_loaded directive below: the
   document prints hill/2 and the two heuristics once for both versions, so they
   live in rainhas_comum.pl, with troca/4 and entre/3, which it prints
   the same under both versions. The document's four programs (rainhasv1h1,
   rainhasv1h2, rainhasv2h1, rainhasv2h2) differ in the heuristic mover/3 and
   hill/2 call; as printed, this mover calls heuristica_2 and hill/2 calls
   heuristica_1 (tests/test_prolog_seeds.py writes the one name into both). */

:- ensure_loaded(rainhas_comum).   % added: the shared part of the document

% Dado um estado Est0, retorna em Est1 um estado correspondente a movimentação de uma rainha
% a partir do estado Est0

mover(Est0, Est1, H) :-
        permitido(R),
        not(elem(R, Est0)),
        troca(R1, R, Est0, Est1),
        coluna_diferente(R, Est1),
        heuristica_2(Est1, H).

% Determina a area permitida para a movimentacao das pecas (tamanho do tabuleiro)
permitido((L, C)) :-
        entre(L, 1, 8),
        entre(C, 1, 8).

% Determina se uma rainha esta em uma coluna diferente de todas as demais
coluna_diferente((L, C), []).
coluna_diferente((L, C), [(L, C)|Outras]):-
        !,
        coluna_diferente((L, C), Outras).
coluna_diferente((L, C), [(L1, C1)|Outras]):-
        C \= C1,
        coluna_diferente((L, C), Outras).

% Verifica se exite um elemento em uma lista
elem(X, [X| _]).
elem(X, [_| Xs]) :-
        elem(X, Xs).

% Seed 000 (000_fd72a4d473d0e4d8.txt), hill climbing on the 8 queens: Versão 2
/* Transcribed from the seed as printed, nothing else changed. The one line added
   is the ensure_loaded directive below: the document prints hill/2 and the two
   heuristics once for both versions, so they live in rainhas_comum.pl, with
   troca/4 and entre/3, which it prints the same under both versions. As
   printed, this mover calls heuristica_1, as hill/2 does (the document's
   rainhasv2h2 calls heuristica_2 in both; tests/test_prolog_seeds.py writes it).

   Its bug, kept: troca/4 takes ANY queen (L, C) of the list and puts it on
   (NovaLinha, C), so on a board with two queens in one column a queen can land
   on the square of another; heuristica_2 skips a queen equal to itself, so two
   queens on one square do not count as attacking. */

:- ensure_loaded(rainhas_comum).   % added: the shared part of the document

% Dado um estado Est0, retorna em Est1 um estado correspondente a movimentação de uma rainha
% a partir do estado Est0
mover(Est0, Est1, H) :-
    entre(NovaLinha, 1, 8),
    troca((L, C), (NovaLinha, C), Est0, Est1),
    L \= NovaLinha,
    heuristica_1(Est1, H).

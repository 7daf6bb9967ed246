"""Problems written for other libraries, searched by searchlab as they are.

- ``aima``: an aima-python ``Problem`` (``actions``, ``result``, ``goal_test``,
  ``path_cost``, ``h``) as a searchlab problem, and an aima ``CSP`` (``variables``,
  ``domains``, ``neighbors``, ``constraints``) as a ``CSPProblem``;
- ``constraint``: python-constraint's ``Problem`` (``addVariable``, ``addConstraint``,
  ``getSolutions`` …) answered by searchlab's backtracking.

Neither library is imported: the adapters read the objects' attributes only.
"""

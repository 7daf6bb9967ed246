"""The engine's vocabulary: problems, results, events, limits and errors."""

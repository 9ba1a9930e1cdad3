"""Widgets and helpers shared by the views: token chips and strips, flow layouts, lazy plots,
table bases and proxies, column fitting, accessible names, token colours."""

"""Static files for production: hashed names, compressed copies, and ES module imports.

The page scripts are ES modules that name each other by relative path
(``from "./board.js";``). Django's manifest storage rewrites those paths to the hashed
names only with ``support_js_module_import_aggregation``; without it a page would load
``board.3f2a….js`` and then ask for a plain ``board.js`` that no cache header covers.
"""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True

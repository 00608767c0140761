"""The ini settings that system kinds read (passed to them as ``SystemOptions.settings``)."""
from __future__ import annotations

#: ini settings read by system kinds (``SystemOptions.settings``): name -> help.
SYSTEM_SETTINGS = {
    "mt_http_request": "JSON request template of the generic http:/https: system ({sources}, {source_language}, "
                       "{target_language}, ${ENV_VAR} placeholders)",
    "mt_http_response": "JSON path to the list of outputs in the generic http:/https: system's reply",
    "mt_http_headers": "JSON object of request headers for the generic http:/https: system (${ENV_VAR} allowed)",
    "mt_libretranslate_key_env": "Environment variable holding the LibreTranslate API key",
    "mt_openai_prompt": "Prompt template file of the openai: systems ([system] and [user] sections; {source}, "
                        "{source_language}, {target_language} placeholders)",
    "mt_openai_document_prompt": "Prompt template file of the openai: systems in document mode ({context} and "
                                 "{source}, or {document})",
}

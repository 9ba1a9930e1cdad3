<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AssetManager</name>
    <message numerus="yes">
        <location filename="../../gui/asset_manager.py" line="357"/>
        <source> (and %n more)</source>
        <translation>
            <numerusform> (and %n more)</numerusform>
            <numerusform> (and %n more)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/asset_manager.py" line="368"/>
        <source>Reading %n asset file(s)…</source>
        <translation>
            <numerusform>Reading %n asset file…</numerusform>
            <numerusform>Reading %n asset files…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CanonView</name>
    <message numerus="yes">
        <location filename="../../gui/encode/canon_view.py" line="165"/>
        <source>This list: %n token(s)</source>
        <translation>
            <numerusform>This list: %n token</numerusform>
            <numerusform>This list: %n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/canon_view.py" line="188"/>
        <source>Canonical list: %n token(s)</source>
        <translation>
            <numerusform>Canonical list: %n token</numerusform>
            <numerusform>Canonical list: %n tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CorpusEditor</name>
    <message numerus="yes">
        <location filename="../../gui/corpus_editor.py" line="321"/>
        <source>Remove %n row(s)</source>
        <translation>
            <numerusform>Remove %n row</numerusform>
            <numerusform>Remove %n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus_editor.py" line="429"/>
        <source>%n line(s) are not valid UTF-8. The first:</source>
        <translation>
            <numerusform>%n line is not valid UTF-8:</numerusform>
            <numerusform>%n lines are not valid UTF-8. The first:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus_editor.py" line="456"/>
        <source>Skipped %n line(s) with invalid UTF-8; the first: </source>
        <translation>
            <numerusform>Skipped %n line with invalid UTF-8: </numerusform>
            <numerusform>Skipped %n lines with invalid UTF-8; the first: </numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EncodeTexts</name>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="94"/>
        <source>%n unknown</source>
        <translation>
            <numerusform>%n unknown</numerusform>
            <numerusform>%n unknown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="97"/>
        <source>%n byte-fallback piece(s)</source>
        <translation>
            <numerusform>%n byte-fallback piece</numerusform>
            <numerusform>%n byte-fallback pieces</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="100"/>
        <source>%n special</source>
        <translation>
            <numerusform>%n special</numerusform>
            <numerusform>%n specials</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="111"/>
        <source>The text spells %n special token(s) (%1): read as control tokens.</source>
        <translation>
            <numerusform>The text spells %n special token (%1): read as a control token.</numerusform>
            <numerusform>The text spells %n special tokens (%1): read as control tokens.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="114"/>
        <source>The text spells %n special token(s) (%1): shown as ordinary text, marked; tiktoken refuses such text unless the caller allows them.</source>
        <translation>
            <numerusform>The text spells %n special token (%1): shown as ordinary text, marked; tiktoken refuses such text unless the caller allows it.</numerusform>
            <numerusform>The text spells %n special tokens (%1): shown as ordinary text, marked; tiktoken refuses such text unless the caller allows them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="117"/>
        <source>The text spells %n special token(s) (%1): read as ordinary text, marked.</source>
        <translation>
            <numerusform>The text spells %n special token (%1): read as ordinary text, marked.</numerusform>
            <numerusform>The text spells %n special tokens (%1): read as ordinary text, marked.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExerciseDialog</name>
    <message numerus="yes">
        <location filename="../../gui/exercises.py" line="141"/>
        <source>%n wrong tries</source>
        <translation>
            <numerusform>%n wrong try</numerusform>
            <numerusform>%n wrong tries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/exercises.py" line="183"/>
        <source>✘ Not quite, %n tries: the core computes %1.</source>
        <translation>
            <numerusform>✘ Not quite, %n try: the core computes %1.</numerusform>
            <numerusform>✘ Not quite, %n tries: the core computes %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Interop</name>
    <message numerus="yes">
        <location filename="../../gui/interop.py" line="383"/>
        <source>Importing %n file(s)…</source>
        <translation>
            <numerusform>Importing %n file…</numerusform>
            <numerusform>Importing %n files…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MergeTimeline</name>
    <message numerus="yes">
        <location filename="../../gui/timeline/widget.py" line="411"/>
        <source>Trained %n byte-level merge(s).</source>
        <translation>
            <numerusform>Trained %n byte-level merge.</numerusform>
            <numerusform>Trained %n byte-level merges.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/widget.py" line="425"/>
        <source>%n word(s) over %1 bytes left out, as SentencePiece leaves out long sentences.</source>
        <translation>
            <numerusform>%n word over %1 bytes left out, as SentencePiece leaves out long sentences.</numerusform>
            <numerusform>%n words over %1 bytes left out, as SentencePiece leaves out long sentences.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/widget.py" line="636"/>
        <source>Segmentation after %n merge(s); shaded rows changed at this step.</source>
        <translation>
            <numerusform>Segmentation after %n merge; shaded rows changed at this step.</numerusform>
            <numerusform>Segmentation after %n merges; shaded rows changed at this step.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimelinePlots</name>
    <message numerus="yes">
        <location filename="../../gui/plots.py" line="261"/>
        <source>After %n merge(s):</source>
        <translation>
            <numerusform>After %n merge:</numerusform>
            <numerusform>After %n merges:</numerusform>
        </translation>
    </message>
</context>
</TS>

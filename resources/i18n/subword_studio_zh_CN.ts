<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../gui/main_window.py" line="26"/>
        <source>Merge trace</source>
        <translation>合并过程</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="36"/>
        <source>Subword Studio</source>
        <translation>子词工作室</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="41"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="42"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
</context>
<context>
    <name>TracePanel</name>
    <message>
        <location filename="../../gui/trace_panel.py" line="49"/>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../gui/trace_panel.py" line="59"/>
        <source>Merges:</source>
        <translation>合并次数：</translation>
    </message>
    <message>
        <location filename="../../gui/trace_panel.py" line="61"/>
        <source>Tie policy:</source>
        <translation>并列规则：</translation>
    </message>
    <message>
        <location filename="../../gui/trace_panel.py" line="108"/>
        <source>Result is out of date: train again.</source>
        <translation>结果已过期：请重新训练。</translation>
    </message>
    <message>
        <location filename="../../gui/trace_panel.py" line="116"/>
        <source>Segmentation after step %1 (vocab %2)</source>
        <translation>第 %1 步之后的切分（词表 %2 项）</translation>
    </message>
    <message>
        <location filename="../../gui/trace_panel.py" line="126"/>
        <source>Pair counts after the last merge</source>
        <translation>最后一次合并之后的相邻对计数</translation>
    </message>
    <message>
        <location filename="../../gui/trace_panel.py" line="128"/>
        <source>Pair counts before merge %1 (winner %2, %3 rule)</source>
        <translation>第 %1 次合并之前的相邻对计数（胜出 %2，%3 规则）</translation>
    </message>
</context>
<context>
    <name>models</name>
    <message>
        <location filename="../../gui/models.py" line="52"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="52"/>
        <location filename="../../gui/models.py" line="103"/>
        <source>Pair</source>
        <translation>相邻对</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="53"/>
        <location filename="../../gui/models.py" line="85"/>
        <location filename="../../gui/models.py" line="103"/>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="53"/>
        <source>Ties</source>
        <translation>并列</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="54"/>
        <source>New symbol</source>
        <translation>新符号</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="66"/>
        <source>initial symbols</source>
        <translation>初始符号</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="79"/>
        <source>Pairs tied at count %1; the %2 rule picked %3.</source>
        <translation>这些相邻对并列于次数 %1；按 %2 规则选中 %3。</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="85"/>
        <source>Word</source>
        <translation>词</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="86"/>
        <source>Segmentation</source>
        <translation>切分</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="104"/>
        <source>Where</source>
        <translation>出现在哪里</translation>
    </message>
</context>
</TS>

#!/usr/bin/python3
"""A stand-in for Orca's service on the D-Bus session bus, for the tests and the benchmark.

It owns the name and answers the methods the control calls, in the shape of Orca 51 and later
(org.gnome.Orca1.Service, modules as child objects with interfaces of their own) or of Orca 49
and 50 (org.gnome.Orca.Service, modules through org.gnome.Orca.Module.ExecuteCommand; Orca 49's
speech module is SpeechAndVerbosityManager, Orca 50's SpeechManager). It speaks nothing: each call
is appended to the log file as one line, "<CLOCK_MONOTONIC seconds> <Method> <arguments>", written
at once. Run it on a private bus only (DBUS_SESSION_BUS_ADDRESS), never the user's.

    orca-standin.py --shape orca1|orca --version 51.1 --log FILE [--answer false]

--answer false: SpeakMessage, PresentMessage and the interrupts answer false (Orca did not take
it). SIGSTOP stalls it (calls get no answer); SIGTERM ends it (its name loses its owner).
"""
import argparse
import sys
import time

from gi.repository import Gio, GLib

ORCA1_SERVICE = """<node><interface name="org.gnome.Orca1.Service">
<method name="SpeakMessage"><arg type="s" direction="in"/><arg type="b" direction="out"/></method>
<method name="PresentMessage"><arg type="s" direction="in"/><arg type="b" direction="out"/></method>
<method name="DisplayMessage"><arg type="s" direction="in"/><arg type="b" direction="in"/><arg type="b" direction="out"/></method>
<method name="GetVersion"><arg type="s" direction="out"/></method>
</interface></node>"""
ORCA1_SPEECH = """<node><interface name="org.gnome.Orca1.SpeechManager">
<method name="InterruptSpeech"><arg type="b" direction="in"/><arg type="b" direction="out"/></method>
</interface></node>"""
ORCA_SERVICE = """<node><interface name="org.gnome.Orca.Service">
<method name="PresentMessage"><arg type="s" direction="in"/><arg type="b" direction="out"/></method>
<method name="GetVersion"><arg type="s" direction="out"/></method>
</interface></node>"""
ORCA_MODULE = """<node><interface name="org.gnome.Orca.Module">
<method name="ExecuteCommand"><arg type="s" direction="in"/><arg type="b" direction="in"/><arg type="b" direction="out"/></method>
</interface></node>"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--shape", choices=["orca1", "orca"], required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--answer", choices=["true", "false"], default="true")
    args = parser.parse_args()
    answer = args.answer == "true"
    log = open(args.log, "a", buffering=1, encoding="utf-8")

    def record(method, *arguments):
        now = time.clock_gettime(time.CLOCK_MONOTONIC)
        log.write("%.6f %s %s\n" % (now, method, " ".join(str(a) for a in arguments)))

    def handler(connection, sender, path, interface, method, parameters, invocation):
        values = parameters.unpack()
        record(method, *values)
        if method == "GetVersion":
            invocation.return_value(GLib.Variant("(s)", (args.version,)))
        elif method == "ExecuteCommand":
            invocation.return_value(GLib.Variant("(b)", (answer and values[0] == "InterruptSpeech",)))
        else:
            invocation.return_value(GLib.Variant("(b)", (answer,)))

    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    if args.shape == "orca1":
        name, root = "org.gnome.Orca1.Service", "/org/gnome/Orca1/Service"
        objects = [(root, ORCA1_SERVICE), (root + "/SpeechManager", ORCA1_SPEECH)]
    else:
        name, root = "org.gnome.Orca.Service", "/org/gnome/Orca/Service"
        module = "SpeechAndVerbosityManager" if args.version.startswith("49") else "SpeechManager"
        objects = [(root, ORCA_SERVICE), (root + "/" + module, ORCA_MODULE)]
    for path, xml in objects:
        bus.register_object(path, Gio.DBusNodeInfo.new_for_xml(xml).interfaces[0], handler, None, None)
    loop = GLib.MainLoop()

    def lost(*_):
        sys.stderr.write("orca-standin: the name %s was lost or not acquired\n" % name)
        loop.quit()

    Gio.bus_own_name_on_connection(bus, name, Gio.BusNameOwnerFlags.NONE, None, lost)
    loop.run()
    return 1


if __name__ == "__main__":
    sys.exit(main())

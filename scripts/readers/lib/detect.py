#!/usr/bin/python3
"""What a program started inside a screen reader's terminal can see of the reader, and what it costs.

Run in the place of the program (a child of the reader's shell / the terminal). Prints plain lines.
"""
import errno, glob, os, socket, stat, sys, time, pwd


def stat_of(pid):
    """(comm, state, ppid, sid) from /proc/PID/stat; comm may hold spaces and ')'."""
    with open('/proc/%d/stat' % pid, 'rb') as f:
        s = f.read().decode(errors='replace')
    l, r = s.index('('), s.rindex(')')
    comm = s[l + 1:r]
    rest = s[r + 2:].split()
    return comm, rest[0], int(rest[1]), int(rest[3])


def cmdline(pid):
    try:
        with open('/proc/%d/cmdline' % pid, 'rb') as f:
            return f.read().replace(b'\0', b' ').decode(errors='replace').strip()
    except OSError as e:
        return '<%s>' % e


def uid_of(pid):
    return os.stat('/proc/%d' % pid).st_uid


def ancestors(pid):
    chain = []
    while pid > 1:
        comm, _, ppid, sid = stat_of(pid)
        chain.append((pid, comm, ppid, sid))
        pid = ppid
    return chain


def try_connect(path, timeout=0.2):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.setblocking(False)
    t = time.perf_counter()
    try:
        s.connect(path)
        res = 'connected'
    except BlockingIOError:
        # backlog full: the listener is stalled
        res = 'EAGAIN (listener not accepting: backlog full)'
    except OSError as e:
        res = errno.errorcode.get(e.errno, str(e.errno))
    finally:
        s.close()
    return res, (time.perf_counter() - t) * 1000


def main():
    me = os.getpid()
    print('pid %d ppid %d uid %d' % (me, os.getppid(), os.getuid()))
    print('-- environment')
    for k in sorted(os.environ):
        if any(w in k for w in ('TERM', 'TMUX', 'FENRIR', 'SPEECHD', 'DBUS', 'DISPLAY', 'ACCESSIB',
                                'AT_SPI', 'NO_AT_BRIDGE', 'GTK', 'VTE', 'ORCA', 'XDG', 'BRLAPI', 'COLORTERM')):
            print('%s=%s' % (k, os.environ[k]))
    print('-- ancestors (pid comm ppid sid | cmdline)')
    t = time.perf_counter()
    chain = ancestors(me)
    t_chain = (time.perf_counter() - t) * 1000
    for pid, comm, ppid, sid in chain:
        print('%d %r %d %d uid=%d | %s' % (pid, comm, ppid, sid, uid_of(pid), cmdline(pid)[:160]))
    t = time.perf_counter()
    fenrir_anc = [p for p, c, _, _ in ancestors(me) if c == 'fenrir']
    t_anc = (time.perf_counter() - t) * 1000
    print('ancestor walk %.3f ms (with printing excluded: %.3f ms), depth %d; fenrir ancestors: %s'
          % (t_chain, t_anc, len(chain), fenrir_anc))

    print('-- fenrir sockets')
    t = time.perf_counter()
    socks = glob.glob('/tmp/fenrirscreenreader-*.sock')
    t_glob = (time.perf_counter() - t) * 1000
    print('glob %.3f ms: %d found' % (t_glob, len(socks)))
    for p in socks:
        st = os.lstat(p)
        owner = pwd.getpwuid(st.st_uid).pw_name if st.st_uid >= 0 else '?'
        desc = '%s owner=%s(%d) mode=%o socket=%s' % (p, owner, st.st_uid, stat.S_IMODE(st.st_mode),
                                                      stat.S_ISSOCK(st.st_mode))
        tail = p[len('/tmp/fenrirscreenreader-'):-len('.sock')]
        if tail.isdigit():
            pid = int(tail)
            try:
                comm, _, ppid, _ = stat_of(pid)
                pcomm = stat_of(ppid)[0]
                desc += ' | pid %d comm %r ppid %d (%r) ancestor-of-us=%s parent-is-ancestor=%s' % (
                    pid, comm, ppid, pcomm, pid in [c[0] for c in chain], ppid in [c[0] for c in chain])
            except OSError:
                desc += ' | pid %d does not exist' % pid
        res, ms = try_connect(p)
        print(desc + ' | connect: %s in %.3f ms' % (res, ms))

    print('-- fenrir instances (Fenrir 2026 and later)')
    import json
    for folder in sorted({os.path.join(d, 'fenrirscreenreader-instances') for d in ('/tmp', os.environ.get('TMPDIR') or '/tmp')}):
        try:
            names = sorted(os.listdir(folder))
        except OSError as e:
            print('%s: %s' % (folder, e.strerror))
            continue
        for name in names:
            p = os.path.join(folder, name)
            try:
                with open(p) as f:
                    data = json.load(f)
                print('%s owner=%d: %s' % (p, os.stat(p).st_uid, json.dumps(data, sort_keys=True)))
            except (OSError, ValueError) as e:
                print('%s: unreadable (%s)' % (p, e))

    print('-- /proc scan for orca')
    for rep in range(3):
        t = time.perf_counter()
        n = 0
        found = []
        my_uid = os.getuid()
        for d in os.listdir('/proc'):
            if not d.isdigit():
                continue
            n += 1
            try:
                with open('/proc/%s/comm' % d, 'rb') as f:
                    c = f.read().strip()
                if c == b'orca':
                    found.append((int(d), uid_of(int(d)), cmdline(int(d))))
            except OSError:
                pass
        ms = (time.perf_counter() - t) * 1000
        print('scan %d: %.3f ms over %d processes; orca: %s' % (rep, ms, n, found))
        # Ownership check a program would make: the user's own Orca only
        for pid, uid, cl in found:
            print('  orca pid %d uid %d (ours: %s) cmdline %r' % (pid, uid, uid == my_uid, cl))
            if rep == 0:
                try:
                    env = dict(x.split('=', 1) for x in open('/proc/%d/environ' % pid, 'rb').read()
                               .decode(errors='replace').split('\0') if '=' in x)
                    for k in ('DISPLAY', 'WAYLAND_DISPLAY', 'DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'XDG_SESSION_ID'):
                        print('  orca %s=%r ours=%r same=%s' % (k, env.get(k), os.environ.get(k), env.get(k) == os.environ.get(k)))
                except OSError as e:
                    print('  orca environ not readable: %s' % e)

    if os.environ.get('DBUS_SESSION_BUS_ADDRESS'):
        import subprocess
        print('-- session bus')
        t = time.perf_counter()
        r = subprocess.run(['gdbus', 'call', '--session', '--dest', 'org.freedesktop.DBus', '--object-path',
                            '/org/freedesktop/DBus', '--method', 'org.freedesktop.DBus.ListNames'],
                           capture_output=True, text=True, timeout=5)
        print('ListNames (gdbus process, %.1f ms): %s %s' % ((time.perf_counter() - t) * 1000, r.stdout.strip(), r.stderr.strip()))
        for prop in ('IsEnabled', 'ScreenReaderEnabled'):
            r = subprocess.run(['gdbus', 'call', '--session', '--dest', 'org.a11y.Bus', '--object-path', '/org/a11y/bus',
                                '--method', 'org.freedesktop.DBus.Properties.Get', 'org.a11y.Status', prop],
                               capture_output=True, text=True, timeout=5)
            print('org.a11y.Status %s: %s %s' % (prop, r.stdout.strip(), r.stderr.strip()))
        for name in ('org.gnome.Orca.Service', 'org.gnome.Orca1.Service', 'org.gnome.Orca'):
            r = subprocess.run(['gdbus', 'call', '--session', '--dest', 'org.freedesktop.DBus', '--object-path',
                                '/org/freedesktop/DBus', '--method', 'org.freedesktop.DBus.NameHasOwner', name],
                               capture_output=True, text=True, timeout=5)
            print('NameHasOwner %s: %s' % (name, r.stdout.strip()))


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Sanity checks of the corpus against FORMAT.md (no tool code involved)."""
import json, os, re, sys
def expand(hl):
    out=[]; i=0; parts=[]; depth=0; cur=''
    for ch in hl:
        if ch=='[': depth+=1
        if ch==']': depth-=1
        if ch==',' and depth==0: parts.append(cur); cur=''
        else: cur+=ch
    parts.append(cur)
    for p in parts:
        m=re.match(r'^(.*?)\[([^\]]+)\](.*)$',p)
        if not m: out.append(p); continue
        pre,rng,post=m.groups()
        for r in rng.split(','):
            if '-' in r:
                a,b=r.split('-'); w=len(a)
                for n in range(int(a),int(b)+1): out.append(f"{pre}{str(n).zfill(w)}{post}")
            else: out.append(pre+r+post)
    return out
root=os.path.join(os.path.dirname(os.path.abspath(__file__)),'scenarios'); bad=0
for name in sorted(os.listdir(root)):
    d=os.path.join(root,name)
    sc=json.load(open(f'{d}/scenario.json')); tr=json.load(open(f'{d}/truth.json'))
    ev=[json.loads(l) for l in open(f'{d}/events.jsonl')]
    nodes=set(expand(sc['cluster']['nodes'])); jobs={j['id']:j for j in sc['jobs']}
    errs=[]
    if sc['format']!='recovery-scenario/1' or sc['name']!=name: errs.append('header')
    ts=[e['t'] for e in ev]
    if ts!=sorted(ts) or (ts and ts[0]<0): errs.append('t order')
    for j in jobs.values():
        if not set(expand(j['nodes']))<=nodes: errs.append('job nodes '+j['id'])
    for e in ev:
        if e['source']=='joblog' and e['job'] not in jobs: errs.append('joblog job')
        if e['source']=='kernel' and e['node'] not in nodes: errs.append('kernel node '+e['node'])
        if e['source']=='slurm' and e.get('job') and e['job'] not in jobs: errs.append('slurm job')
    ex=tr['expected']
    for n in ex['drain']+ex['no_drain']:
        if n not in nodes: errs.append('truth node '+n)
    for jid,v in ex['requeue'].items():
        c=json.loads(jobs[jid].get('comment','{}')).get('recovery',{}).get('max_requeues',0)
        if c<=0: errs.append('requeue of non-opted job')
    f=tr['fault']
    if f and f.get('node') and f['node'] not in nodes: errs.append('fault node')
    if f and 'gpu' in f:
        if f['gpu']>=len(sc['cluster'].get('pci_bus_ids',[])): errs.append('gpu idx')
    print(f"{name:45s} events={len(ev):4d} cat={(f or {}).get('category','none'):15s} {'OK' if not errs else errs}")
    bad+=bool(errs)
sys.exit(bad)

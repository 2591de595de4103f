//! Evaluating Verilated models on a second thread while the harness goes on.
//!
//! A model put in this mode ([`Model::offload`](crate::harness::verilator::Model::offload))
//! no longer calls its C functions at once: each `set` and `eval` becomes an operation
//! appended to the model's own queue ([`Ops`]), and a reading of an output first waits until the
//! queue is empty ([`Ops::join`]). The operations of one model run in the order they were
//! given, one at a time, by whichever thread claimed the queue: the process's one worker thread
//! ([`pool`]), or the harness's thread itself when it has to wait (it then runs the queue it
//! waits for if nobody has claimed it yet, or another model's queue). So a model's state goes
//! through exactly the same sequence of evaluations as without offloading, and a simulation's
//! results do not change; only the models' evaluations overlap with each other and with the
//! harness's own work.
//!
//! It pays for networks of large models (the torus of `ftnw_node`s, where a node's evaluation is
//! tens of microseconds and the harness reads a node's outputs only at its own clock edges), not
//! for small models, where the hand-over costs more than the evaluation.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, OnceLock};

/// Offloading is on unless `NICGEN_OFFLOAD=0` (to compare, or to rule it out).
pub fn enabled() -> bool {
    std::env::var("NICGEN_OFFLOAD")
        .map(|v| v != "0")
        .unwrap_or(true)
}

/// One deferred call into a Verilated model.
#[derive(Clone, Copy, Debug)]
pub enum Op {
    Set(i32, u64, u64),
    Eval,
}

pub type FnSet = unsafe extern "C" fn(*mut std::ffi::c_void, i32, u64, u64) -> i32;
pub type FnEval = unsafe extern "C" fn(*mut std::ffi::c_void);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Nothing to run.
    Idle,
    /// Operations waiting; the queue is (perhaps more than once) in the pool's list.
    Queued,
    /// A thread is running the operations.
    Running,
}

struct Inner {
    ops: VecDeque<Op>,
    state: State,
    /// A deferred set the model refused (its port index), reported by the next `join`.
    refused: Option<i32>,
}

/// A model's queue of deferred operations.
pub struct Ops {
    h: *mut std::ffi::c_void,
    set: FnSet,
    eval: FnEval,
    inner: Mutex<Inner>,
}

// SAFETY: `h` is only used by the thread that moved the queue to `Running`, and the owner of the
// model never calls into it while the queue is not `Idle` (it joins first).
unsafe impl Send for Ops {}
unsafe impl Sync for Ops {}

impl Ops {
    pub fn new(h: *mut std::ffi::c_void, set: FnSet, eval: FnEval) -> Arc<Self> {
        Arc::new(Self {
            h,
            set,
            eval,
            inner: Mutex::new(Inner {
                ops: VecDeque::new(),
                state: State::Idle,
                refused: None,
            }),
        })
    }

    /// Append `ops`; the pool runs them after the ones before them.
    pub fn push(self: &Arc<Self>, ops: impl IntoIterator<Item = Op>) {
        let mut g = self.inner.lock().unwrap();
        g.ops.extend(ops);
        if g.state == State::Idle {
            g.state = State::Queued;
            drop(g);
            pool().submit(self.clone());
        }
    }

    /// Claim the queue if it is waiting and run it to empty; false if another thread has it
    /// (or it is empty).
    fn try_run(&self) -> bool {
        {
            let mut g = self.inner.lock().unwrap();
            if g.state != State::Queued {
                return false;
            }
            g.state = State::Running;
        }
        loop {
            // everything queued so far, in one lock; what is pushed meanwhile is the next batch
            let batch = {
                let mut g = self.inner.lock().unwrap();
                if g.ops.is_empty() {
                    g.state = State::Idle;
                    return true;
                }
                std::mem::take(&mut g.ops)
            };
            for op in batch {
                // SAFETY: this thread set `Running`; nobody else calls into `h` until it is
                // `Idle`.
                unsafe {
                    match op {
                        Op::Set(i, lo, hi) => {
                            if (self.set)(self.h, i, lo, hi) != 0 {
                                self.inner.lock().unwrap().refused.get_or_insert(i);
                            }
                        }
                        Op::Eval => (self.eval)(self.h),
                    }
                }
            }
        }
    }

    /// Return when every operation given so far has run. While another thread runs them, this
    /// one runs other models' queues (or spins).
    pub fn join(&self) {
        let mut spins = 0u32;
        loop {
            let (st, refused) = {
                let g = self.inner.lock().unwrap();
                (g.state, g.refused)
            };
            match st {
                State::Idle => {
                    assert!(
                        refused.is_none(),
                        "the model refused a set of port {refused:?}"
                    );
                    return;
                }
                State::Queued => {
                    self.try_run();
                }
                State::Running => {
                    if !pool().help() {
                        // short waits spin; a long one (another test's thread wants the core)
                        // gives the core up
                        spins += 1;
                        if spins < 1000 {
                            std::hint::spin_loop();
                        } else {
                            std::thread::yield_now();
                        }
                    }
                }
            }
        }
    }
}

/// The process's worker: one thread that runs the queues submitted to it.
pub struct Pool {
    q: Mutex<VecDeque<Arc<Ops>>>,
    cv: Condvar,
}

/// The pool, started on first use.
pub fn pool() -> &'static Pool {
    static POOL: OnceLock<&'static Pool> = OnceLock::new();
    POOL.get_or_init(|| {
        let p: &'static Pool = Box::leak(Box::new(Pool {
            q: Mutex::new(VecDeque::new()),
            cv: Condvar::new(),
        }));
        std::thread::Builder::new()
            .name("nicgen-offload".into())
            .spawn(move || p.work())
            .expect("starting the offload thread");
        p
    })
}

impl Pool {
    fn submit(&self, ops: Arc<Ops>) {
        self.q.lock().unwrap().push_back(ops);
        self.cv.notify_one();
    }

    fn pop(&self) -> Option<Arc<Ops>> {
        self.q.lock().unwrap().pop_front()
    }

    /// Run one waiting queue on this thread; false if none was waiting.
    fn help(&self) -> bool {
        while let Some(o) = self.pop() {
            if o.try_run() {
                return true;
            }
        }
        false
    }

    fn work(&self) {
        let mut idle = 0u32;
        loop {
            if self.help() {
                idle = 0;
                continue;
            }
            // spin a little before sleeping: the next queue usually comes within microseconds
            idle += 1;
            if idle < 20_000 {
                std::hint::spin_loop();
                continue;
            }
            // sleep until a queue is submitted (`submit` pushes under this lock, then notifies,
            // so no submission is missed)
            let mut g = self.q.lock().unwrap();
            while g.is_empty() {
                g = self.cv.wait(g).unwrap();
            }
            idle = 0;
        }
    }
}

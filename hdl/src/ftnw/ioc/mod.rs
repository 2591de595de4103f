//! The FTNW IOC (thesis §3.2): the shim to the PCIe hard IP (`pcie_us`) and the register
//! controller (`regctl`). The re-order buffers, the DMA engine and POC join with issue 13's
//! further slices.

pub mod pcie_us;
pub mod regctl;

use crate::common::regbank::RegBusMaster;
use pcie_us::{CcTx, CqRx};
use regctl::{RegCtl, IOC_BUS_BITS, TNW_BUS_BITS};
use rust_hdl::prelude::*;

/// The IOC's register path alone: CQ in, CC out, the register controller between, its buses
/// out (`tnw` in the TNW clock domain, `ioc` in the IOC domain). Every CQ request goes to the
/// register controller (the PIC's demultiplexer to the re-order buffers and the DMA engine
/// comes with them).
#[derive(LogicBlock, Default)]
pub struct RegPath {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub tnw_clock: Signal<In, Clock>,
    pub tnw_reset: Signal<In, Bit>,
    pub completer_id: Signal<In, Bits<16>>,
    pub s_axis_cq_tdata: Signal<In, Bits<128>>,
    pub s_axis_cq_tkeep: Signal<In, Bits<4>>,
    pub s_axis_cq_tlast: Signal<In, Bit>,
    pub s_axis_cq_tuser: Signal<In, Bits<85>>,
    pub s_axis_cq_tvalid: Signal<In, Bit>,
    pub s_axis_cq_tready: Signal<Out, Bit>,
    pub m_axis_cc_tdata: Signal<Out, Bits<128>>,
    pub m_axis_cc_tkeep: Signal<Out, Bits<4>>,
    pub m_axis_cc_tlast: Signal<Out, Bit>,
    pub m_axis_cc_tuser: Signal<Out, Bits<33>>,
    pub m_axis_cc_tvalid: Signal<Out, Bit>,
    pub m_axis_cc_tready: Signal<In, Bit>,
    pub tnw: RegBusMaster<TNW_BUS_BITS>,
    pub ioc: RegBusMaster<IOC_BUS_BITS>,
    pub exc_request: Signal<Out, Bit>,
    pub exc_partial: Signal<Out, Bit>,
    cq: CqRx,
    ctl: RegCtl,
    cc: CcTx,
}

impl Logic for RegPath {
    #[hdl_gen]
    fn update(&mut self) {
        self.cq.clock.next = self.clock.val();
        self.cq.reset.next = self.reset.val();
        self.ctl.clock.next = self.clock.val();
        self.ctl.reset.next = self.reset.val();
        self.ctl.tnw_clock.next = self.tnw_clock.val();
        self.ctl.tnw_reset.next = self.tnw_reset.val();
        self.cc.clock.next = self.clock.val();
        self.cc.reset.next = self.reset.val();
        self.cc.completer_id.next = self.completer_id.val();
        // CQ
        self.cq.cq_tdata.next = self.s_axis_cq_tdata.val();
        self.cq.cq_tkeep.next = self.s_axis_cq_tkeep.val();
        self.cq.cq_tlast.next = self.s_axis_cq_tlast.val();
        self.cq.cq_tuser.next = self.s_axis_cq_tuser.val();
        self.cq.cq_tvalid.next = self.s_axis_cq_tvalid.val();
        self.s_axis_cq_tready.next = self.cq.cq_tready.val();
        // request to the controller
        self.ctl.h_valid.next = self.cq.h_valid.val();
        self.cq.h_ready.next = self.ctl.h_ready.val();
        self.ctl.h_addr.next = self.cq.h_addr.val();
        self.ctl.h_dwords.next = self.cq.h_dwords.val();
        self.ctl.h_type.next = self.cq.h_type.val();
        self.ctl.h_first_be.next = self.cq.h_first_be.val();
        self.ctl.h_last_be.next = self.cq.h_last_be.val();
        self.ctl.h_req_id.next = self.cq.h_req_id.val();
        self.ctl.h_tag.next = self.cq.h_tag.val();
        self.ctl.h_bar.next = self.cq.h_bar.val();
        self.ctl.h_tc.next = self.cq.h_tc.val();
        self.ctl.h_attr.next = self.cq.h_attr.val();
        self.ctl.h_has_data.next = self.cq.h_has_data.val();
        self.ctl.p_data.next = self.cq.p_data.val();
        self.ctl.p_keep.next = self.cq.p_keep.val();
        self.ctl.p_last.next = self.cq.p_last.val();
        self.ctl.p_valid.next = self.cq.p_valid.val();
        self.cq.p_ready.next = self.ctl.p_ready.val();
        // completion
        self.cc.c_valid.next = self.ctl.c_valid.val();
        self.ctl.c_ready.next = self.cc.c_ready.val();
        self.cc.c_lower_addr.next = self.ctl.c_lower_addr.val();
        self.cc.c_byte_count.next = self.ctl.c_byte_count.val();
        self.cc.c_dwords.next = self.ctl.c_dwords.val();
        self.cc.c_status.next = self.ctl.c_status.val();
        self.cc.c_req_id.next = self.ctl.c_req_id.val();
        self.cc.c_tag.next = self.ctl.c_tag.val();
        self.cc.c_tc.next = self.ctl.c_tc.val();
        self.cc.c_attr.next = self.ctl.c_attr.val();
        self.cc.c_data0.next = self.ctl.c_data0.val();
        self.cc.c_data1.next = self.ctl.c_data1.val();
        self.m_axis_cc_tdata.next = self.cc.cc_tdata.val();
        self.m_axis_cc_tkeep.next = self.cc.cc_tkeep.val();
        self.m_axis_cc_tlast.next = self.cc.cc_tlast.val();
        self.m_axis_cc_tuser.next = self.cc.cc_tuser.val();
        self.m_axis_cc_tvalid.next = self.cc.cc_tvalid.val();
        self.cc.cc_tready.next = self.m_axis_cc_tready.val();
        // buses
        RegBusMaster::<TNW_BUS_BITS>::link(&mut self.tnw, &mut self.ctl.tnw);
        RegBusMaster::<IOC_BUS_BITS>::link(&mut self.ioc, &mut self.ctl.ioc);
        self.exc_request.next = self.ctl.exc_request.val();
        self.exc_partial.next = self.ctl.exc_partial.val();
    }
}

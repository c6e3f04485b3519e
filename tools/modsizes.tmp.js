const fs=require('fs'); const {SourceMapConsumer}=require('source-map-js');
const file=process.argv[2]; const code=fs.readFileSync(file,'utf8'); const map=JSON.parse(fs.readFileSync(file+'.map','utf8'));
const c=new SourceMapConsumer(map); const lines=code.split('\n'); const sizes={};
let prev=null;
c.eachMapping(m=>{ if(prev){ const same=prev.generatedLine===m.generatedLine; const len= same? m.generatedColumn-prev.generatedColumn : lines[prev.generatedLine-1].length-prev.generatedColumn; sizes[prev.source||'?']=(sizes[prev.source||'?']||0)+len;} prev=m;});
Object.entries(sizes).sort((a,b)=>b[1]-a[1]).slice(0,+process.argv[3]||25).forEach(([s,n])=>console.log((n/1024).toFixed(1).padStart(7),s.replace(/.*node_modules\//,'nm/').replace(/^(\.\.\/)+/,'')));
